import { createHash, createHmac } from 'node:crypto'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import {
  createServer,
  type IncomingMessage,
  request as httpRequest,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { SignatureV4 } from '@smithy/signature-v4'
import S3rver from 's3rver'

import { type S3Config } from '#server/shared/config.ts'

export type TestS3Server = {
  config: S3Config
  // The secret the server expects from now on (credentials rotated on the server's side).
  expectSecret(secret: string): void
  close(): Promise<void>
}

const ACCESS_KEY = 'S3RVER'
const SECRET_KEY = 'S3RVER'
const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/

type SourceData = string | ArrayBuffer | ArrayBufferView

function bytesOf(data: SourceData): string | Uint8Array {
  if (typeof data === 'string') return data
  if (data instanceof ArrayBuffer) return new Uint8Array(data)
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
}

// The SDK's hash interface over node:crypto: a hash, or an HMAC when given a key.
class NodeSha256 {
  private readonly hash
  constructor(secret?: SourceData) {
    this.hash =
      secret === undefined
        ? createHash('sha256')
        : createHmac('sha256', bytesOf(secret))
  }
  update(data: SourceData) {
    this.hash.update(bytesOf(data))
  }
  async digest() {
    return new Uint8Array(this.hash.digest())
  }
}

function refuse(
  response: ServerResponse,
  isHead: boolean,
  code: 'SignatureDoesNotMatch' | 'InvalidAccessKeyId' | 'AccessDenied',
) {
  const body =
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code>` +
    `<Message>${code}</Message></Error>`
  response.writeHead(403, { 'content-type': 'application/xml' })
  response.end(isHead ? undefined : body)
}

/**
 * Whether the request is signed (AWS SigV4, header form) with this access key and secret,
 * checked by the AWS SDK's own signer: the request is signed again over the headers it
 * names, at the time it gives, and the signatures compared. The payload hash is taken as
 * declared in x-amz-content-sha256, as the signer does.
 */
async function signatureProblem(
  request: IncomingMessage,
  secretAccessKey: string,
): Promise<
  'SignatureDoesNotMatch' | 'InvalidAccessKeyId' | 'AccessDenied' | null
> {
  const match = AUTHORIZATION.exec(request.headers.authorization ?? '')
  if (!match) return 'AccessDenied'
  const [, accessKeyId, , region, service, signedList, signature] = match
  if (accessKeyId !== ACCESS_KEY) return 'InvalidAccessKeyId'
  const amzDate = String(request.headers['x-amz-date'] ?? '')
  const time = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/
    .exec(amzDate)
    ?.slice(1)
  if (!time) return 'AccessDenied'
  const [year, month, day, hour, minute, second] = time.map(Number)
  const signingDate = new Date(
    Date.UTC(year!, month! - 1, day, hour, minute, second),
  )
  const url = new URL(request.url ?? '/', 'http://s3.test')
  const query: Record<string, string | string[]> = {}
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key)
    query[key] = values.length === 1 ? values[0]! : values
  }
  const headers: Record<string, string> = {}
  for (const name of signedList!.split(';')) {
    const value = request.headers[name]
    if (value !== undefined) headers[name] = String(value)
  }
  const [hostname, port] = (request.headers.host ?? '').split(':')
  const signer = new SignatureV4({
    credentials: { accessKeyId: accessKeyId!, secretAccessKey },
    region: region!,
    service: service!,
    sha256: NodeSha256,
    // S3 signs the path as sent, without escaping it twice.
    uriEscapePath: false,
  })
  const signed = await signer.sign(
    {
      method: request.method ?? 'GET',
      protocol: 'http:',
      hostname: hostname!,
      port: port ? Number(port) : undefined,
      path: url.pathname,
      query,
      headers,
    },
    { signingDate },
  )
  const expected = AUTHORIZATION.exec(String(signed.headers.authorization))?.[6]
  return expected === signature ? null : 'SignatureDoesNotMatch'
}

// s3rver keeps the objects; it refuses any access key but S3RVER yet accepts any signature, so
// a proxy in front of it verifies each request's SigV4 signature against the expected secret
// and answers 403 SignatureDoesNotMatch otherwise, as S3, MinIO or OSS do.
export async function startTestS3Server(
  bucket = 'portal-files',
): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'))
  const store = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  })
  const { port: storePort } = await store.run()
  let secret = SECRET_KEY
  const proxy = createServer((request, response) => {
    signatureProblem(request, secret).then(
      (problem) => {
        if (problem) {
          request.resume()
          refuse(response, request.method === 'HEAD', problem)
          return
        }
        const forwarded = httpRequest(
          {
            host: '127.0.0.1',
            port: storePort,
            method: request.method,
            path: request.url,
            headers: request.headers,
          },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(response)
          },
        )
        forwarded.on('error', () => response.destroy())
        request.pipe(forwarded)
      },
      () => response.destroy(),
    )
  })
  proxy.listen(0, '127.0.0.1')
  await once(proxy, 'listening')
  const { port } = proxy.address() as AddressInfo
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET_KEY,
      region: 'us-east-1',
    },
    expectSecret(next) {
      secret = next
    },
    async close() {
      proxy.closeAllConnections()
      await new Promise((resolve) => proxy.close(resolve))
      await store.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
