import { mkdtemp, rm } from 'node:fs/promises'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { loadConfig } from './config.ts'

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-config-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const load = (env: NodeJS.ProcessEnv = {}) =>
  loadConfig({ DATA_DIR: dataDir, ...env })

describe('the public address and the marks of a government site', () => {
  it('shows the demo marks by default, without the 党政机关 mark, on http://HOST:PORT', () => {
    const config = load()
    expect(config.publicBaseUrl).toBe('http://127.0.0.1:3000')
    expect(config.siteMarks).toEqual({
      siteIdentifier: '6500000000',
      icpRecord: '新ICP备00000000号',
      psbRecord: '新公网安备65010002000000号',
      conacMarkUrl: '',
    })
  })

  it('takes the deployment’s own numbers, and an empty value hides a mark', () => {
    const config = load({
      PUBLIC_BASE_URL: 'https://jd.slt.xinjiang.gov.cn/',
      SITE_IDENTIFIER: '6500000037',
      ICP_RECORD: '新ICP备05000123号-2',
      PSB_RECORD: '',
      CONAC_MARK_URL: 'https://bszs.conac.cn/sitename?method=show&id=0A1B2C',
    })
    expect(config.publicBaseUrl).toBe('https://jd.slt.xinjiang.gov.cn')
    expect(config.siteMarks).toEqual({
      siteIdentifier: '6500000037',
      icpRecord: '新ICP备05000123号-2',
      psbRecord: '',
      conacMarkUrl: 'https://bszs.conac.cn/sitename?method=show&id=0A1B2C',
    })
  })

  it('derives the address from where the server listens', () => {
    expect(load({ HOST: '0.0.0.0', PORT: '8080' }).publicBaseUrl).toBe(
      'http://127.0.0.1:8080',
    )
    expect(load({ HOST: '::1', PORT: '80' }).publicBaseUrl).toBe(
      'http://[::1]:80',
    )
  })

  it('refuses to start on a malformed number or address, naming the variable', () => {
    for (const [name, value] of [
      ['SITE_IDENTIFIER', '650000'],
      ['ICP_RECORD', '备案号待定'],
      ['PSB_RECORD', '新公网安备6501号'],
      ['CONAC_MARK_URL', 'http://bszs.conac.cn/sitename?id=1'],
      ['PUBLIC_BASE_URL', 'ftp://example.gov.cn'],
      ['PUBLIC_BASE_URL', 'https://example.gov.cn/?from=x'],
    ] as const)
      expect(() => load({ [name]: value })).toThrow(name)
  })
})

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

describe('sign-in through the identity provider (OIDC_*)', () => {
  const provider = {
    OIDC_ISSUER: 'https://uia.slt.example.gov.cn/oidc',
    OIDC_CLIENT_ID: 'water-tender-portal',
    OIDC_CLIENT_SECRET: ' secret with its spaces ',
  }

  it('is off unless configured, an empty value counting as unset', () => {
    expect(load().oidc).toBeNull()
    expect(
      load({ OIDC_ISSUER: '', OIDC_CLIENT_ID: '', OIDC_CLIENT_SECRET: '' })
        .oidc,
    ).toBeNull()
  })

  it('takes the provider and its client, with the button’s default text', () => {
    expect(load(provider).oidc).toEqual({
      issuer: 'https://uia.slt.example.gov.cn/oidc',
      clientId: 'water-tender-portal',
      clientSecret: ' secret with its spaces ',
      label: '统一身份认证登录',
    })
    expect(
      load({ ...provider, OIDC_LABEL: ' 水利厅统一身份登录 ' }).oidc,
    ).toEqual(expect.objectContaining({ label: '水利厅统一身份登录' }))
    // A provider on this machine may be reached over http (a development set-up).
    expect(
      load({ ...provider, OIDC_ISSUER: 'http://127.0.0.1:8080' }).oidc?.issuer,
    ).toBe('http://127.0.0.1:8080')
  })

  it('stops the start when a setting is missing or the issuer is not https', () => {
    expect(() => load({ ...provider, OIDC_CLIENT_SECRET: '' })).toThrow(
      'OIDC_ISSUER、OIDC_CLIENT_ID、OIDC_CLIENT_SECRET 须同时设置',
    )
    expect(() =>
      load({ OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' }),
    ).toThrow('须同时设置')
    expect(() =>
      load({ ...provider, OIDC_ISSUER: 'http://uia.slt.example.gov.cn' }),
    ).toThrow('OIDC_ISSUER 必须为 https 地址')
    expect(() =>
      load({ ...provider, OIDC_ISSUER: 'https://uia.example.gov.cn/?x=1' }),
    ).toThrow('OIDC_ISSUER 不能带查询参数')
    expect(() => load({ ...provider, OIDC_LABEL: '字'.repeat(21) })).toThrow(
      'OIDC_LABEL',
    )
  })
})

describe('files in object storage (S3_*)', () => {
  const bucket = {
    S3_ENDPOINT: 'https://oss.slt.example.gov.cn',
    S3_BUCKET: 'portal-files',
    S3_ACCESS_KEY: 'portal',
    S3_SECRET_KEY: ' secret with its spaces ',
  }

  it('keeps files in DATA_DIR unless configured, an empty value counting as unset', () => {
    expect(load().s3).toBeNull()
    expect(
      load({
        S3_ENDPOINT: '',
        S3_BUCKET: '',
        S3_ACCESS_KEY: '',
        S3_SECRET_KEY: '',
      }).s3,
    ).toBeNull()
  })

  it('takes the bucket, its key pair and a region that defaults to us-east-1', () => {
    expect(load(bucket).s3).toEqual({
      endpoint: 'https://oss.slt.example.gov.cn',
      bucket: 'portal-files',
      accessKeyId: 'portal',
      secretAccessKey: ' secret with its spaces ',
      region: 'us-east-1',
    })
    expect(load({ ...bucket, S3_REGION: 'cn-northwest-1' }).s3?.region).toBe(
      'cn-northwest-1',
    )
  })

  it('stops the start when one of the four is missing or the endpoint is no address', () => {
    for (const name of Object.keys(bucket))
      expect(() => load({ ...bucket, [name]: '' })).toThrow(
        'S3_ENDPOINT、S3_BUCKET、S3_ACCESS_KEY、S3_SECRET_KEY 须同时设置',
      )
    expect(() => load({ ...bucket, S3_ENDPOINT: 'oss.example' })).toThrow(
      'S3_ENDPOINT 必须为 http(s) 地址',
    )
  })
})

describe('OCDS_OCID_PREFIX', () => {
  it('publishes under the standard’s example prefix until a deployment sets its own', () => {
    expect(load().ocdsOcidPrefix).toBe('ocds-213czf')
    expect(load({ OCDS_OCID_PREFIX: '' }).ocdsOcidPrefix).toBe('ocds-213czf')
    expect(load({ OCDS_OCID_PREFIX: ' ocds-7xq2ab ' }).ocdsOcidPrefix).toBe(
      'ocds-7xq2ab',
    )
  })

  it.each([
    'ocds-213cz',
    'ocds-213czf1',
    'OCDS-213czf',
    'ocds-213CZF',
    'ocds_213czf',
    'xj-213czf',
  ])('stops the start on %s, saying what a prefix looks like', (prefix) => {
    expect(() => load({ OCDS_OCID_PREFIX: prefix })).toThrow(
      'OCDS_OCID_PREFIX 须为 ocds- 加6位小写字母或数字',
    )
  })
})

describe('mail (SMTP_URL, MAIL_FROM)', () => {
  it('writes mail to the log unless configured, from noreply at the public host', () => {
    expect(load()).toEqual(
      expect.objectContaining({
        smtpUrl: undefined,
        mailFrom: 'noreply@localhost',
      }),
    )
    expect(load({ SMTP_URL: '' }).smtpUrl).toBeUndefined()
    expect(
      load({ PUBLIC_BASE_URL: 'https://jd.slt.example.gov.cn' }).mailFrom,
    ).toBe('noreply@jd.slt.example.gov.cn')
  })

  it('takes an SMTP server with its credentials and a sender with a name', () => {
    const config = load({
      SMTP_URL: 'smtps://portal:p%40ss@smtp.example.gov.cn:465',
      MAIL_FROM: '水利工程招标投标监督平台 <noreply@slt.example.gov.cn>',
    })
    expect(config.smtpUrl).toBe('smtps://portal:p%40ss@smtp.example.gov.cn:465')
    expect(config.mailFrom).toBe(
      '水利工程招标投标监督平台 <noreply@slt.example.gov.cn>',
    )
  })

  it('stops the start on an address that is no SMTP server or no sender', () => {
    for (const [name, value] of [
      ['SMTP_URL', 'http://smtp.example.gov.cn'],
      ['SMTP_URL', 'smtp.example.gov.cn'],
      ['MAIL_FROM', 'noreply'],
      ['MAIL_FROM', '平台 <noreply>'],
    ] as const)
      expect(() => load({ [name]: value })).toThrow(name)
  })
})
