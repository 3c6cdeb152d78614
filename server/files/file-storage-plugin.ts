import path from 'node:path'

import fp from 'fastify-plugin'

import { createLocalFileStorage, type FileStorage } from './file-storage.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded, generated and sealed files are kept. */
    storage: FileStorage
  }
}

export type FileStoragePluginOptions = {
  /** DATA_DIR: the embedded default keeps files in its files/ folder. */
  dataDir: string
  /** A storage to use instead (start-up and tests pass the one they seeded). */
  storage?: FileStorage
}

export const fileStoragePlugin = fp<FileStoragePluginOptions>(
  async (app, { dataDir, storage }) => {
    app.decorate(
      'storage',
      storage ?? createLocalFileStorage(path.join(dataDir, 'files')),
    )
  },
  { name: 'file-storage', fastify: '5.x' },
)
