import { createHash, createHmac, randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { baseUrl, dataDir } from './portal-under-test.ts'

async function regionalSecret(): Promise<string> {
  const secrets = JSON.parse(
    await readFile(path.join(dataDir, 'secrets.json'), 'utf8'),
  ) as { regionalHmacSecret: string }
  return secrets.regionalHmacSecret
}

export async function regionalFetch(
  method: 'GET' | 'POST',
  pathAndQuery: string,
  json?: unknown,
): Promise<Response> {
  const body = json === undefined ? undefined : JSON.stringify(json)
  const timestamp = String(Date.now())
  const nonce = randomBytes(16).toString('hex')
  const hash = createHash('sha256')
    .update(body ?? '')
    .digest('hex')
  const signature = createHmac('sha256', await regionalSecret())
    .update([method, pathAndQuery, timestamp, nonce, hash].join('\n'))
    .digest('hex')
  return fetch(`${baseUrl}${pathAndQuery}`, {
    method,
    body,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-content-sha256': hash,
      'x-signature': signature,
    },
  })
}
