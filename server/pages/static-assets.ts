import path from 'node:path'

import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

// What the pages link as the site's icon (app/root.tsx).
const ICON = 'favicon.svg'

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
      reply.header('cache-control', cacheControl(filePath))
      // What a script or a stylesheet needs of the documents' security headers: it is never
      // sniffed as another type, and no other site may load it.
      reply.header('x-content-type-options', 'nosniff')
      reply.header('cross-origin-resource-policy', 'same-origin')
    },
  })
  // Asked for whatever the pages link (feed readers, bookmarks, older browsers): the same icon,
  // or 404 when the build has none, never a page.
  app.get('/favicon.ico', (_request, reply) => reply.sendFile(ICON))
}

// Names under /assets carry a content hash, so they are cached for a year; the icon, which
// browsers ask for on many visits, for a week.
function cacheControl(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`))
    return 'public, max-age=31536000, immutable'
  if (path.basename(filePath) === ICON) return 'public, max-age=604800'
  return 'public, max-age=3600'
}
