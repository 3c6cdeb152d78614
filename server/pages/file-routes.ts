import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'

import { MSG_NOT_FOUND } from '#common/messages.ts'
import type { Database } from '#server/db/schema.ts'
import type { FileAccess } from '#server/files/file-access.ts'
import { findFileById } from '#server/files/file-repository.ts'
import type { FileStorage } from '#server/files/file-storage.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import { SiteErrorSchema, siteErrorHandler } from './site-error-handler.ts'

type FileRoutesOptions = {
  db: Kysely<Database>
  storage: FileStorage
  access: FileAccess
}

// Chromium's PDF viewer shows a PDF under this sandbox (tried with Chromium 156); inline styles
// stay for the viewer's frame and for SVG.
export const FILE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox"

const CACHE_PUBLIC = 'public, max-age=31536000, immutable'
// A personal file: for this browser only, and kept by no cache, the browser's included.
const CACHE_PRIVATE = 'private, no-store'

// Browsers show these themselves; everything else is downloaded (architecture.md, Files).
function isInline(mime: string): boolean {
  return mime.startsWith('image/') || mime === 'application/pdf'
}

// RFC 6266 / 5987: an ASCII fallback for old clients, the exact UTF-8 name in filename*.
function contentDisposition(
  type: 'inline' | 'attachment',
  name: string,
): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

// Public files never change under an id and are cached for a year. A personal file is unknown
// (404) to anyone who may not read it, so its existence is not told either.
export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (
  app,
  { db, storage, access },
) => {
  // Scoped to this plugin (no fastify-plugin), like its error handler.
  app.setErrorHandler(siteErrorHandler)
  withZodSchemas(app).get(
    '/files/:id/:name',
    {
      schema: {
        params: z.object({ id: z.string().max(64), name: z.string().max(255) }),
        // 200 and 304 carry raw bytes or nothing: streams bypass serialization.
        response: {
          200: z.unknown(),
          304: z.unknown(),
          '4xx': SiteErrorSchema,
          '5xx': SiteErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { id, name } = request.params
      // Whatever the answer, no cache keeps it: a 404 may turn into the file after a query.
      reply.header('Cache-Control', 'no-store')
      const file = await findFileById(db, id)
      // The name must match too: a url with someone else's name on our id is not ours.
      if (!file || file.name !== name) throw new Refusal(404, MSG_NOT_FOUND)
      const decision = await access.decide(request, file.id)
      if (decision === 'none') throw new Refusal(404, MSG_NOT_FOUND)
      const etag = `"${file.sha256}"`
      const isFresh = request.headers['if-none-match'] === etag
      const stream = isFresh ? null : await storage.get(file.storageKey)
      if (!isFresh && !stream) {
        request.log.error(
          { fileId: id, storageKey: file.storageKey },
          'file row without stored bytes',
        )
        throw new Refusal(404, MSG_NOT_FOUND)
      }
      reply
        .header('Content-Type', file.mime)
        .header('X-Content-Type-Options', 'nosniff')
        .header(
          'Cache-Control',
          decision === 'public' ? CACHE_PUBLIC : CACHE_PRIVATE,
        )
        .header('ETag', etag)
        .header(
          'Content-Disposition',
          contentDisposition(
            isInline(file.mime) ? 'inline' : 'attachment',
            file.name,
          ),
        )
        .header('Content-Security-Policy', FILE_CSP)
      if (isFresh) return reply.code(304).send()
      return reply.header('Content-Length', Number(file.size)).send(stream)
    },
  )
}
