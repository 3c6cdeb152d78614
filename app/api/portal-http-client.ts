import type { PortalApi } from '#common/portal-api.ts'

import type { ApiFeedback } from './api-feedback.ts'
import { createPortalArticleCalls } from './portal-article-calls.ts'
import { createPortalComplaintCalls } from './portal-complaint-calls.ts'
import { createPortalPost, type PortalHttpConfig } from './portal-http-post.ts'
import { createPortalProjectCalls } from './portal-project-calls.ts'
import { createPortalSiteCalls } from './portal-site-calls.ts'
import { createPortalSupervisionCalls } from './portal-supervision-calls.ts'

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
    ...createPortalSupervisionCalls(post, base),
  }
}
