// So the server sends them as they are (@fastify/static preCompressed) instead of compressing on
// each request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = path.resolve(import.meta.dirname, '..', 'build', 'client')
const worthIt = /\.(js|mjs|css|svg|json|map)$/

let count = 0
for (const entry of await readdir(root, { recursive: true })) {
  const file = path.join(root, entry)
  if (
    !worthIt.test(file) ||
    !(await stat(file)).isFile() ||
    (await stat(file)).size < 1024
  )
    continue
  const bytes = await readFile(file)
  await writeFile(
    `${file}.br`,
    brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }),
  )
  await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }))
  count++
}
console.log(`precompressed ${count} files in build/client`)
