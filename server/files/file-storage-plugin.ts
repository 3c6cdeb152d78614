import path from 'node:path'

import fp from 'fastify-plugin'

import type { S3Config } from '#server/shared/config.ts'
import { createLocalFileStorage, type FileStorage } from './file-storage.ts'
import type { ClosableFileStorage } from './s3-file-storage.ts'

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage
  }
}

// The AWS SDK (some 30 MB of resident memory) is loaded only for a bucket. The bucket is tried
// once: wrong credentials or a missing bucket stop the start with a ConfigError naming the
// variable, instead of a process that answers every download with an error.
export async function openFileStorage(config: {
  dataDir: string
  s3: S3Config | null
}): Promise<ClosableFileStorage> {
  if (config.s3) {
    const { bucketProblem, createS3FileStorage } =
      await import('./s3-file-storage.ts')
    const storage = createS3FileStorage(config.s3)
    try {
      await storage.check()
    } catch (error) {
      await storage.close()
      throw bucketProblem(config.s3, error)
    }
    return storage
  }
  return {
    ...createLocalFileStorage(path.join(config.dataDir, 'files')),
    async close() {},
  }
}

type FileStoragePluginOptions = {
  dataDir: string
  s3: S3Config | null
  /** A storage to use instead (start-up and tests pass the one they seeded; they close it). */
  storage?: FileStorage
}

export const fileStoragePlugin = fp<FileStoragePluginOptions>(
  async (app, { dataDir, s3, storage }) => {
    if (storage) {
      app.decorate('storage', storage)
    } else {
      const opened = await openFileStorage({ dataDir, s3 })
      app.decorate('storage', opened)
      app.addHook('onClose', async () => opened.close())
    }
    app.health.addPart('storage', () => app.storage.check())
  },
  { name: 'file-storage', fastify: '5.x', dependencies: ['health'] },
)
