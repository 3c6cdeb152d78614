import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

// For tests; poppler-utils must be installed.
export async function pdfsig(
  folder: string,
  bytes: Uint8Array,
  name = 'checked.pdf',
): Promise<string> {
  const file = path.join(folder, name)
  await writeFile(file, bytes)
  try {
    const { stdout, stderr } = await run('pdfsig', [file])
    return stdout + stderr
  } catch (error) {
    const { stdout = '', stderr = '' } = error as {
      stdout?: string
      stderr?: string
    }
    return stdout + stderr
  }
}

export function isValidAndUnmodified(report: string): boolean {
  return (
    report.includes('Signature Validation: Signature is Valid.') &&
    /^\s*- Total document signed$/m.test(report) &&
    !report.includes('Not total document signed')
  )
}
