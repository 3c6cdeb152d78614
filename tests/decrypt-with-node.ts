import { createDecipheriv } from 'node:crypto'

// Node's own crypto, independent of the Web Crypto code in common/protocol: tests check the
// protocol, not the code against itself.
export function decryptWithNode(data: string, key: string): unknown {
  const bytes = Buffer.from(data, 'base64')
  const decipher = createDecipheriv(
    'aes-128-cbc',
    Buffer.from(key, 'utf8'),
    bytes.subarray(0, 16),
  )
  const plain = Buffer.concat([
    decipher.update(bytes.subarray(16)),
    decipher.final(),
  ])
  return JSON.parse(plain.toString('utf8'))
}
