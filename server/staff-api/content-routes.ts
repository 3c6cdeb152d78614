import multipart from '@fastify/multipart'
import type { FastifyPluginAsync } from 'fastify'

import { contentEditingRoutes } from './content-editing-routes.ts'
import { contentReadRoutes } from './content-read-routes.ts'
import { contentReviewRoutes } from './content-review-routes.ts'
import type { ContentRoutesOptions } from './content-route-parts.ts'
import { contentUploadRoutes } from './content-upload-routes.ts'

/**
 * The largest JSON body of the content routes: a revision's body may be 200,000 characters
 * (CONTENT_LIMITS.contentMax), at most 6 bytes each in JSON (\uXXXX), plus its other fields.
 * Only a signed-in content role is read this far: the guard refuses anyone else before the
 * body is read.
 */
export const CONTENT_BODY_LIMIT = 1536 * 1024

export const contentRoutes: FastifyPluginAsync<ContentRoutesOptions> = async (
  scope,
  { db, content, storage },
) => {
  await scope.register(multipart)

  // An action sent without a body is read as an empty one, so its schema names what is missing.
  scope.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined)
      request.body = {}
  })

  await scope.register(contentReadRoutes, { db, content })
  await scope.register(contentEditingRoutes, { content })
  await scope.register(contentReviewRoutes, { content })
  await scope.register(contentUploadRoutes, { db, content, storage })
}
