import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

// `isRaw`: in the order it is drawn, so that text across the page (a draft's watermark) does
// not cut into lines.
export async function pdfText(
  bytes: Uint8Array,
  { isRaw = false } = {},
): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pdf-text-'))
  try {
    const file = path.join(dir, 'document.pdf')
    await writeFile(file, bytes)
    const { stdout } = await run('pdftotext', [
      ...(isRaw ? ['-raw'] : []),
      '-enc',
      'UTF-8',
      file,
      '-',
    ])
    return stdout.replace(/\s+/g, '')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
