import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import S3rver from 's3rver'

import { type S3Config } from '#server/shared/config.ts'

export type TestS3Server = {
  config: S3Config
  close(): Promise<void>
}

// s3rver refuses any access key but S3RVER, yet does not check SigV4 signatures themselves.
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
