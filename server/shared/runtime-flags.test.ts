import { readFileSync } from 'node:fs'

import { expect, it } from 'vitest'

import { SERVER_ENV, SERVER_NODE_FLAGS } from './runtime-flags.ts'

it('starts the portal from npm with the same memory flags and allocator settings the benchmarks use', () => {
  const pkg = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  ) as {
    scripts: Record<string, string>
  }
  expect(pkg.scripts.serve).toBe(
    `NODE_ENV=production ${Object.entries(SERVER_ENV)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')} node ${SERVER_NODE_FLAGS.join(' ')} build/portal/main.js`,
  )
})
