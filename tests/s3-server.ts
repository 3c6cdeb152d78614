import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import S3rver from 's3rver'

import { type S3Config } from '#server/shared/config.ts'

export type TestS3Server = {
  /** The portal's S3_* for this server's one bucket. */
  config: S3Config
  close(): Promise<void>
}

/**
 * A real S3-compatible server (s3rver) in this process, on a free port, keeping its objects in
 * a temporary folder, with one empty bucket. It knows one access key (S3RVER) and refuses any
 * other; it does not check SigV4 signatures themselves.
 */
export async function startTestS3Server(
  bucket = 'portal-files',
): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
    },
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
