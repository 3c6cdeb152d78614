import fp from 'fastify-plugin'

import { createFileAccess, type FileAccessOptions } from './file-access.ts'

declare module 'fastify' {
  interface FastifyInstance {
    fileAccess: ReturnType<typeof createFileAccess>
  }
}

export const fileAccessPlugin = fp<FileAccessOptions>(
  async (app, options) => {
    app.decorate('fileAccess', createFileAccess(options))
  },
  { name: 'file-access', fastify: '5.x' },
)
