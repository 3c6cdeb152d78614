import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

import { describe, expect, it } from 'vitest'

const run = promisify(execFile)

// Loaded by the child before the server's modules: it notes every package they resolve.
const NOTE_PACKAGES = `
import { registerHooks } from 'node:module'
globalThis.packagesLoaded = new Set()
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context)
    const name = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(resolved.url)?.[1]
    if (name) globalThis.packagesLoaded.add(name)
    return resolved
  },
})
`

/**
 * Libraries a process serving pages never needs: PDF drawing and parsing, seals, captcha
 * drawing, mail, the S3 client and upload sniffing. Each is loaded with its first use; at
 * start they would hold some 25 MB of every process's memory (bench/README.md).
 */
const LOADED_ON_FIRST_USE = [
  'pdf-lib',
  'fontkit',
  'node-forge',
  '@signpdf/signpdf',
  'svg-captcha',
  '@resvg/resvg-js',
  'nodemailer',
  '@aws-sdk/client-s3',
  'file-type',
  'cfb',
]

describe('the server at start', () => {
  it('loads no PDF, seal, captcha, mail, S3 or upload-sniffing library until one is used', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        `data:text/javascript,${encodeURIComponent(NOTE_PACKAGES)}`,
        '--input-type=module',
        '--eval',
        `await import('#server/main.ts')
         console.log(JSON.stringify([...globalThis.packagesLoaded]))`,
      ],
      { cwd: process.cwd() },
    )
    const loaded = JSON.parse(stdout) as string[]
    // The hook does see the server's packages.
    expect(loaded).toEqual(expect.arrayContaining(['fastify', 'kysely']))
    expect(loaded.filter((name) => LOADED_ON_FIRST_USE.includes(name))).toEqual(
      [],
    )
  })
})
