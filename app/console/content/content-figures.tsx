import type { ContentDashboard } from '#common/schemas/content/workflow.ts'

import { FigureTiles } from '#app/console/components/figure-tiles.tsx'
import { contentListHref } from './content-query.ts'

type Figure = {
  key: keyof ContentDashboard
  label: string
  queue: 'submitted' | 'returned' | 'draft' | 'scheduled'
}

const FIGURES: Figure[] = [
  { key: 'submitted', label: '待审核', queue: 'submitted' },
  { key: 'returnedToMe', label: '退回给我的', queue: 'returned' },
  { key: 'myDrafts', label: '我的草稿', queue: 'draft' },
  { key: 'scheduled', label: '定时发布', queue: 'scheduled' },
]

export function ContentFigures({ figures }: { figures: ContentDashboard }) {
  return (
    <FigureTiles
      title="内容待办"
      unit="条"
      tiles={FIGURES.map((figure) => ({
        key: figure.key,
        label: figure.label,
        count: figures[figure.key],
        href: contentListHref({ queue: figure.queue }),
      }))}
    />
  )
}
