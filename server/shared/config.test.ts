import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { loadConfig } from './config.ts'

describe('TRUST_PROXY', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-config-'))
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  const load = (trustProxy?: string) =>
    loadConfig({
      DATA_DIR: dataDir,
      ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
    })

  it('trusts no proxy by default', () => {
    expect(load().trustProxy).toEqual([])
    expect(load('').trustProxy).toEqual([])
  })

  it('reads a comma list of addresses, CIDR ranges and range names', () => {
    expect(
      load(' 10.0.0.5, 192.168.1.0/24,fd00::/8 , ::1,loopback').trustProxy,
    ).toEqual(['10.0.0.5', '192.168.1.0/24', 'fd00::/8', '::1', 'loopback'])
  })

  it.each([
    '10.0.0',
    '10.0.0.5/33',
    'fd00::/129',
    'proxy.example',
    '*',
    '1.2.3.4/8/1',
  ])('stops the start on %s with a configuration error', (entry) => {
    expect(() => load(`10.0.0.5,${entry}`)).toThrow(/TRUST_PROXY/)
  })
})
