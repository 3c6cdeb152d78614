import type { WarningFigures as Figures } from '#common/schemas/supervision.ts'

import { FigureTiles } from '#app/console/components/figure-tiles.tsx'
import { warningQueueHref } from './warning-query.ts'

type Figure = {
  key: keyof Omit<Figures, 'byCode'>
  label: string
  filter: Parameters<typeof warningQueueHref>[0]
}

// 我的 and 未指派 count the open warnings (待处理 and 核查中), as the queue shows by default.
const FIGURES: Figure[] = [
  { key: 'raised', label: '待处理', filter: { state: 'raised' } },
  { key: 'checking', label: '核查中', filter: { state: 'checking' } },
  { key: 'mine', label: '我的', filter: { assignee: 'me' } },
  { key: 'unassigned', label: '未指派', filter: { assignee: 'none' } },
]

export function WarningFigures({ figures }: { figures: Figures }) {
  return (
    <FigureTiles
      title="监督预警"
      unit="条"
      tiles={FIGURES.map((figure) => ({
        key: figure.key,
        label: figure.label,
        count: figures[figure.key],
        href: warningQueueHref(figure.filter),
      }))}
    />
  )
}
