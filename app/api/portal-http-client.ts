import type { PortalApi } from '#common/portal-api.ts'

import type { ApiFeedback } from './api-feedback.ts'
import { createPortalArticleCalls } from './portal-article-calls.ts'
import { createPortalComplaintCalls } from './portal-complaint-calls.ts'
import { createPortalPost, type PortalHttpConfig } from './portal-http-post.ts'
import { createPortalProjectCalls } from './portal-project-calls.ts'
import { createPortalSiteCalls } from './portal-site-calls.ts'

/**
 * The Portal API over HTTP (architecture.md, Protocols; spec §7, §8): POST JSON with `ts` and
 * `X-Sign`, `Data` decrypted when State (or state, statusCode) is 200. A failed call shows a toast
 * (Msg or 'error', transport errors their own message) and rejects; 403, 408 or HTTP 401 log
 * the visitor out instead. articleDetail, projectDetail, linkageDetail and creditDetail resolve
 * null for State 404.
 */
export function createPortalHttpClient(
  config: PortalHttpConfig,
  feedback: ApiFeedback,
  fetchImpl: typeof fetch = fetch,
): PortalApi {
  const post = createPortalPost(config, feedback, fetchImpl)
  const base = config.base.replace(/\/$/, '')
  const linkBase = config.linkApiBase.replace(/\/$/, '')
  return {
    ...createPortalArticleCalls(post, base),
    ...createPortalSiteCalls(post, base, linkBase),
    ...createPortalProjectCalls(post, base),
    ...createPortalComplaintCalls(post, base),
  }
}
