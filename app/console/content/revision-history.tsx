import { Button, Checkbox } from 'antd'
import { useState } from 'react'

import { StatusTag } from '#app/components/ui/status-tag.tsx'
import { REVIEW_OUTCOME_LABELS } from '#common/constants/content.ts'
import type {
  RevisionDiff,
  RevisionSummary,
} from '#common/schemas/content/workflow.ts'

import { RefusalNote } from '#app/console/components/refusal-note.tsx'
import { refusalText } from './content-action-dialog.tsx'
import { contentPreviewHref } from './content-query.ts'
import { minuteOf, RevisionStateTag } from './content-state.tsx'
import styles from './content.module.css'
import { RevisionDiffView } from './revision-diff.tsx'

type Props = {
  itemId: number
  history: readonly RevisionSummary[]
  loadDiff: (from: number, to: number) => Promise<RevisionDiff>
  /** The revision being edited, and how to take an older one's text into the editor. */
  working?: { revisionNo: number; restore: (revisionNo: number) => void }
}

function steps(revision: RevisionSummary) {
  const list: { label: string; text: string }[] = [
    {
      label: '撰写',
      text: `${revision.authorName}，创建于 ${minuteOf(revision.createdAt)}，最后保存于 ${minuteOf(revision.editedAt)}`,
    },
  ]
  if (revision.submittedAt)
    list.push({ label: '提交审核', text: minuteOf(revision.submittedAt) })
  // Every review in turn: a revision returned and fixed keeps each return and its comment.
  for (const review of revision.reviews)
    list.push({
      label: REVIEW_OUTCOME_LABELS[review.outcome],
      text: [
        review.reviewerName ?? '系统',
        minuteOf(review.at),
        review.outcome === 'scheduled' && review.publishAt
          ? `定于 ${minuteOf(review.publishAt)} 发布`
          : null,
        review.comment ? `意见：${review.comment}` : null,
      ]
        .filter(Boolean)
        .join('，'),
    })
  if (revision.publishAt && !revision.publishedAt)
    list.push({ label: '定时发布', text: minuteOf(revision.publishAt) })
  if (revision.publishedAt)
    list.push({
      label: '发布',
      text: `${revision.publisherName ?? ''}，${minuteOf(revision.publishedAt)}`,
    })
  if (revision.isCorrection)
    list.push({
      label: '更正说明',
      text: revision.correctionNote || '（未填写）',
    })
  return list
}

export function RevisionHistory({ itemId, history, loadDiff, working }: Props) {
  const [chosen, setChosen] = useState<number[]>([])
  const [diff, setDiff] = useState<RevisionDiff | null>(null)
  const [isLoading, setIsLoading] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)

  const toggle = (revisionNo: number, isChecked: boolean) =>
    setChosen((all) =>
      isChecked
        ? // A third choice replaces the older of the two.
          [...all, revisionNo].slice(-2)
        : all.filter((no) => no !== revisionNo),
    )

  async function compare() {
    const [from, to] = [...chosen].sort((a, b) => a - b)
    if (from === undefined || to === undefined) return
    setIsLoading(true)
    setRefusal(null)
    try {
      setDiff(await loadDiff(from, to))
    } catch (error) {
      setRefusal(refusalText(error))
    } finally {
      setIsLoading(false)
    }
  }

  return (
    <section aria-labelledby="revision-history-title" className="portal-panel">
      <h2 id="revision-history-title" className={styles.sectionTitle}>
        修订记录（{history.length}）
      </h2>
      {history.length > 1 ? (
        <div className={styles.compareBar}>
          <span className={styles.meta} id="compare-hint">
            勾选两个修订，查看它们之间的差异（已选 {chosen.length} 个）
          </span>
          <Button
            autoInsertSpace={false}
            onClick={compare}
            disabled={chosen.length !== 2}
            loading={isLoading}
            aria-describedby="compare-hint"
          >
            比较所选修订
          </Button>
        </div>
      ) : null}
      <RefusalNote message={refusal} />
      {diff ? <RevisionDiffView diff={diff} /> : null}
      <ol className={styles.history}>
        {history.map((revision) => (
          <li key={revision.revisionNo} className={styles.revision}>
            <div className={styles.revisionHead}>
              {history.length > 1 ? (
                <Checkbox
                  checked={chosen.includes(revision.revisionNo)}
                  onChange={(event) =>
                    toggle(revision.revisionNo, event.target.checked)
                  }
                >
                  <span className="visually-hidden">比较</span>
                  <span className={styles.revisionName}>
                    修订 {revision.revisionNo}
                  </span>
                </Checkbox>
              ) : (
                <span className={styles.revisionName}>
                  修订 {revision.revisionNo}
                </span>
              )}
              <RevisionStateTag state={revision.state} />
              {revision.isCorrection ? (
                <StatusTag tone="neutral">更正</StatusTag>
              ) : null}
              <a
                href={contentPreviewHref(itemId, revision.revisionNo)}
                target="_blank"
                rel="noopener"
              >
                预览
                <span className="visually-hidden">
                  修订 {revision.revisionNo}（在新标签页打开）
                </span>
              </a>
              {working && revision.revisionNo !== working.revisionNo ? (
                <Button
                  type="link"
                  size="small"
                  autoInsertSpace={false}
                  // One name, read the same way by every browser and screen reader.
                  aria-label={`以此修订内容编辑（修订 ${revision.revisionNo}）`}
                  onClick={() => working.restore(revision.revisionNo)}
                >
                  以此修订内容编辑
                </Button>
              ) : null}
            </div>
            <dl className={styles.steps}>
              {steps(revision).map((step) => (
                <div key={step.label} className={styles.step}>
                  <dt>{step.label}</dt>
                  <dd className={styles.preWrap}>{step.text}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
    </section>
  )
}
