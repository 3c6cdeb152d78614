import { type FastifyPluginAsync } from 'fastify'
import { type Kysely } from 'kysely'
import { z } from 'zod'

import { MSG_NOT_FOUND } from '#common/messages.ts'
import { type Database } from '#server/db/schema.ts'
import { findFileById } from '#server/files/file-repository.ts'
import { type FileStorage } from '#server/files/file-storage.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import { SiteErrorSchema, siteErrorHandler } from './site-error-handler.ts'

export type FileRoutesOptions = { db: Kysely<Database>; storage: FileStorage }

// Browsers show these themselves; everything else is downloaded (architecture.md, Files).
function isInline(mime: string): boolean {
  return mime.startsWith('image/') || mime === 'application/pdf'
}

/** RFC 6266 / 5987: an ASCII fallback for old clients, the exact UTF-8 name in filename*. */
export function contentDisposition(
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

/** GET /files/:id/:name. Files never change under an id, so they are cached for a year. */
export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (
  app,
  { db, storage },
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
      const file = await findFileById(db, id)
      // The name must match too: a url with someone else's name on our id is not ours.
      if (!file || file.name !== name) throw new Refusal(404, MSG_NOT_FOUND)
      const etag = `"${file.sha256}"`
      reply
        .header('Content-Type', file.mime)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('ETag', etag)
        .header(
          'Content-Disposition',
          contentDisposition(
            isInline(file.mime) ? 'inline' : 'attachment',
            file.name,
          ),
        )
      // An SVG is a document that could run script when opened directly: forbid it.
      // PDF is left alone, as a sandbox stops the browser's PDF viewer.
      if (file.mime !== 'application/pdf') {
        reply.header(
          'Content-Security-Policy',
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        )
      }
      if (request.headers['if-none-match'] === etag)
        return reply.code(304).send()
      const stream = await storage.get(file.storageKey)
      if (!stream) {
        request.log.error(
          { fileId: id, storageKey: file.storageKey },
          'file row without stored bytes',
        )
        throw new Refusal(404, MSG_NOT_FOUND)
      }
      return reply.header('Content-Length', Number(file.size)).send(stream)
    },
  )
}
