import path from 'node:path'

import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

// Names under /assets carry a content hash, so they are cached for a year.
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
      // What a script or a stylesheet needs of the documents' security headers: it is never
      // sniffed as another type, and no other site may load it.
      reply.header('x-content-type-options', 'nosniff')
      reply.header('cross-origin-resource-policy', 'same-origin')
    },
  })
}
