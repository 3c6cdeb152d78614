import { pageMeta } from '#app/components/layout/page-meta.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { siteSettingsOf } from '#app/components/layout/site-settings.ts'
import { faqGroups } from '#app/features/site/faq-entries.ts'
import { FaqView } from '#app/features/site/faq-view.tsx'

import type { Route } from './+types/faq'

export const handle: RouteHandle = { title: '常见问题', query: [] }

export default function FaqRoute() {
  return <FaqView />
}

// The first questions tell a search engine what the page answers.
export function meta(args: Route.MetaArgs) {
  const groups = faqGroups(siteSettingsOf(args.matches).serviceHotline)
  const questions = groups.flatMap((group) =>
    group.entries.map((entry) => entry.question),
  )
  return pageMeta(args, {
    title: '常见问题',
    description: `常见问题：${questions.slice(0, 4).join('')}`,
  })
}
