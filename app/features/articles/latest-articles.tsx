import type { ArticleSummary } from '#common/schemas/article.ts'

import { LatestLinks } from '#app/components/ui/latest-links.tsx'

export function LatestArticles({
  items,
  detailHref,
}: {
  items: ArticleSummary[]
  detailHref: (id: number) => string
}) {
  return (
    <LatestLinks
      items={items.map((item) => ({
        key: item.id,
        title: item.title,
        href: detailHref(item.id),
        publishTime: item.publishTime,
      }))}
    />
  )
}
