import path from 'node:path'

import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/**
 * The built browser files. Names under /assets carry a content hash, so they are cached for a
 * year; the few unhashed files (favicon) for an hour.
 */
export async function staticAssets(
  app: FastifyInstance,
  { root }: { root: string },
) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`)
      reply.header(
        'cache-control',
        isHashed
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      )
    },
  })
}
