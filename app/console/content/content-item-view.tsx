import { Alert } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'

import { StatusTag } from '#app/components/ui/status-tag.tsx'
import {
  CONTENT_KIND_LABELS,
  contentCategoryName,
} from '#common/schemas/content/registry.ts'
import type {
  ContentItemDetail,
  ProjectChoice,
} from '#common/schemas/content/workflow.ts'

import type { ContentApi } from './content-api.ts'
import { ContentEditor } from './content-editor.tsx'
import { RefusalNote } from '#app/console/components/refusal-note.tsx'
import { refusalText } from './content-action-dialog.tsx'
import {
  contentCategoryOf,
  type ContentFormValues,
  valuesOf,
} from './content-form-values.ts'
import { ADMIN_CONTENT_PATH, contentPreviewHref } from './content-query.ts'
import {
  ItemStateTag,
  minuteOf,
  RevisionStateTag,
  revisionActivity,
} from './content-state.tsx'
import styles from './content.module.css'
import { ProjectStages } from './project-stages.tsx'
import { ReviewActions } from './review-actions.tsx'
import { RevisionHistory } from './revision-history.tsx'
import { RevisionView } from './revision-view.tsx'

type Props = {
  detail: ContentItemDetail
  calls: ContentApi
  project?: ProjectChoice | null
  canCreate?: boolean
}

function ItemStatus({ detail }: { detail: ContentItemDetail }) {
  const { working } = detail
  return (
    <section aria-labelledby="item-status-title" className="portal-panel">
      <h2 id="item-status-title" className="visually-hidden">
        状态
      </h2>
      <dl className={styles.status}>
        <div>
          <dt>类型</dt>
          <dd>
            {/* The site's lists and settings have no category: the kind alone. */}
            {[
              CONTENT_KIND_LABELS[detail.kind],
              contentCategoryName(detail.kind, contentCategoryOf(working)),
            ]
              .filter(Boolean)
              .join(' · ')}
          </dd>
        </div>
        <div>
          <dt>发布状态</dt>
          <dd>
            <ItemStateTag state={detail.itemState} />
            {detail.publicPath && detail.itemState === 'published' ? (
              <a href={detail.publicPath} target="_blank" rel="noopener">
                查看公开页面
                <span className="visually-hidden">（在新标签页打开）</span>
              </a>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>当前修订</dt>
          <dd>
            修订 {working.revisionNo} <RevisionStateTag state={working.state} />
            {working.isCorrection ? (
              <StatusTag tone="neutral">更正</StatusTag>
            ) : null}
            <span className={styles.meta}>{revisionActivity(working)}</span>
            <a
              href={contentPreviewHref(detail.id, working.revisionNo)}
              target="_blank"
              rel="noopener"
            >
              预览
              <span className="visually-hidden">
                修订 {working.revisionNo}（在新标签页打开）
              </span>
            </a>
          </dd>
        </div>
      </dl>
      {detail.withdrawal ? (
        <Alert
          type="warning"
          showIcon
          className={styles.statusNote}
          title={`已于 ${minuteOf(detail.withdrawal.at)} 由 ${detail.withdrawal.byName} 撤回`}
          description={`撤回原因：${detail.withdrawal.reason}（公开页面显示此原因）`}
        />
      ) : null}
      {working.state === 'returned' && working.reviewComment ? (
        <Alert
          type="warning"
          showIcon
          className={styles.statusNote}
          title={`${working.reviewerName ?? '审核人'}退回了修订 ${working.revisionNo}`}
          description={`退回意见：${working.reviewComment}`}
        />
      ) : null}
      {working.state === 'scheduled' && working.publishAt ? (
        <Alert
          type="info"
          showIcon
          className={styles.statusNote}
          title={`修订 ${working.revisionNo} 已通过审核，定于 ${minuteOf(working.publishAt)} 发布`}
        />
      ) : null}
    </section>
  )
}

export function ContentItemView({
  detail,
  calls,
  project = null,
  canCreate = false,
}: Props) {
  const canEdit = detail.allowedActions.includes('save')
  const [restored, setRestored] = useState<{
    revisionNo: number
    values: ContentFormValues
  } | null>(null)
  const [restoreRefusal, setRestoreRefusal] = useState<string | null>(null)

  async function restore(revisionNo: number) {
    setRestoreRefusal(null)
    try {
      const view = await calls.revision(detail.id, revisionNo)
      setRestored({
        revisionNo,
        values: valuesOf({ ...detail, working: view }),
      })
      document
        .getElementById('content-editor-title')
        ?.scrollIntoView({ block: 'start' })
    } catch (error) {
      setRestoreRefusal(refusalText(error))
    }
  }

  return (
    <>
      <p className={styles.backLink}>
        <Link to={ADMIN_CONTENT_PATH}>返回内容列表</Link>
      </p>
      <ItemStatus detail={detail} />
      {canEdit ? (
        <ContentEditor
          // Another item, another form: what was typed belongs to its own item.
          key={detail.id}
          kind={detail.kind}
          detail={detail}
          calls={calls}
          project={project}
          restored={restored}
          onCreated={() => undefined}
        />
      ) : (
        <RevisionView detail={detail} project={project} />
      )}
      <ReviewActions detail={detail} calls={calls} />
      <ProjectStages detail={detail} project={project} canCreate={canCreate} />
      <RefusalNote message={restoreRefusal} />
      <RevisionHistory
        itemId={detail.id}
        history={detail.history}
        loadDiff={(from, to) => calls.diff(detail.id, from, to)}
        working={
          canEdit
            ? { revisionNo: detail.working.revisionNo, restore }
            : undefined
        }
      />
    </>
  )
}
