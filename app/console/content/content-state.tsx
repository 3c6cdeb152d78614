import { StatusTag, type StatusTone } from '#app/components/ui/status-tag.tsx'
import {
  ITEM_STATE_LABELS,
  type ItemState,
  REVISION_STATE_LABELS,
  type RevisionState,
} from '#common/constants/content.ts'
import type { RevisionSummary } from '#common/schemas/content/workflow.ts'

const ITEM_TONE: Record<ItemState, StatusTone> = {
  unpublished: 'neutral',
  published: 'success',
  withdrawn: 'danger',
}

const REVISION_TONE: Record<RevisionState, StatusTone> = {
  draft: 'neutral',
  returned: 'warning',
  submitted: 'info',
  scheduled: 'info',
  published: 'success',
  superseded: 'neutral',
  discarded: 'neutral',
}

export function ItemStateTag({ state }: { state: ItemState }) {
  return (
    <StatusTag tone={ITEM_TONE[state]}>{ITEM_STATE_LABELS[state]}</StatusTag>
  )
}

export function RevisionStateTag({ state }: { state: RevisionState }) {
  return (
    <StatusTag tone={REVISION_TONE[state]}>
      {REVISION_STATE_LABELS[state]}
    </StatusTag>
  )
}

export const minuteOf = (time: string) => time.slice(0, 16)

export function revisionActivity(revision: RevisionSummary): string {
  const { state } = revision
  if (state === 'submitted' && revision.submittedAt)
    return `${revision.authorName} 提交于 ${minuteOf(revision.submittedAt)}`
  if (state === 'returned' && revision.reviewedAt)
    return `${revision.reviewerName ?? ''} 退回于 ${minuteOf(revision.reviewedAt)}`
  if (state === 'scheduled' && revision.publishAt)
    return `${revision.reviewerName ?? ''} 已通过，定于 ${minuteOf(revision.publishAt)} 发布`
  if ((state === 'published' || state === 'superseded') && revision.publishedAt)
    return `${revision.publisherName ?? revision.reviewerName ?? ''} 发布于 ${minuteOf(revision.publishedAt)}`
  if (state === 'discarded')
    return `${revision.authorName} 放弃于 ${minuteOf(revision.updatedAt)}`
  return `${revision.authorName} 保存于 ${minuteOf(revision.updatedAt)}`
}
