import { Alert, Button, Form } from 'antd'
import { useEffect, useRef } from 'react'

import {
  CONTENT_KIND_LABELS,
  type ContentKind,
} from '#common/schemas/content/registry.ts'
import type {
  ContentItemDetail,
  ProjectChoice,
} from '#common/schemas/content/workflow.ts'

import { RefusalNote } from '#app/console/components/refusal-note.tsx'
import { UnsavedChangesGuard } from '#app/console/components/unsaved-changes-guard.tsx'
import { ClaimHolderLink } from './claim-holder-link.tsx'
import { ContentFields } from './content-fields.tsx'
import {
  type ContentFormValues,
  emptyValuesOf,
  valuesOf,
} from './content-form-values.ts'
import styles from './content.module.css'
import { EditorActions } from './editor-actions.tsx'
import { StaleRevisionNote } from './stale-revision-note.tsx'
import { useContentEditor } from './use-content-editor.ts'
import type { ContentEditorCalls } from './use-draft-saving.ts'

// Beijing time, as the console shows every other time.
const formatKeptAt = (at: number) =>
  new Date(at).toLocaleString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  })

type Props = {
  kind: ContentKind
  detail: ContentItemDetail | null
  calls: ContentEditorCalls
  project?: ProjectChoice | null
  initialValues?: Partial<ContentFormValues>
  /** An older revision's text, taken into the form to be saved as the new draft. */
  restored?: { revisionNo: number; values: ContentFormValues } | null
  onCreated: (id: number) => void
}

export function ContentEditor({
  kind,
  detail,
  calls,
  project = null,
  initialValues,
  restored = null,
  onCreated,
}: Props) {
  const initial = detail
    ? valuesOf(detail)
    : { ...emptyValuesOf(kind), ...initialValues }
  const editor = useContentEditor({ kind, detail, calls, onCreated, initial })
  const { form, markChanged, localDraft } = editor
  // Taken in once per choice: the form holds it, unsaved, until the person saves; what they
  // type afterwards is theirs.
  const applied = useRef<typeof restored>(null)
  useEffect(() => {
    if (!restored || applied.current === restored) return
    applied.current = restored
    form.setFieldsValue(restored.values)
    markChanged()
  }, [restored, form, markChanged])
  const { pending, refusal, holder, isStale, latest } = editor.step

  const heading = detail
    ? `编辑修订 ${detail.working.revisionNo}`
    : `新建${CONTENT_KIND_LABELS[kind]}`
  return (
    <section aria-labelledby="content-editor-title" className="portal-panel">
      <h2 id="content-editor-title" className={styles.sectionTitle}>
        {heading}
      </h2>
      <UnsavedChangesGuard hasChanges={editor.hasUnsavedChanges} />
      {restored ? (
        <Alert
          type="info"
          showIcon
          role="status"
          title={`已载入修订 ${restored.revisionNo} 的内容`}
          description="请检查后保存：保存后成为新的草稿，原有修订保持不变；不保存则不作任何改动。"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {localDraft.offered ? (
        <Alert
          type="warning"
          showIcon
          title={`此浏览器中保留着${formatKeptAt(localDraft.offered.at)}未保存的内容`}
          description="可能是页面关闭、浏览器退出或登录过期时未及保存。恢复后请检查并保存；放弃则删除这份内容。"
          action={
            <div className={styles.keptDraftActions}>
              <Button
                size="small"
                type="primary"
                onClick={() => {
                  localDraft.takeBack()
                  markChanged()
                }}
              >
                恢复未保存的内容
              </Button>
              <Button size="small" onClick={localDraft.dismiss}>
                放弃
              </Button>
            </div>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form<ContentFormValues>
        form={editor.form}
        layout="vertical"
        initialValues={initial}
        disabled={pending !== null}
        onValuesChange={editor.markChanged}
        className={styles.editorForm}
      >
        <ContentFields
          kind={kind}
          isPublished={editor.isPublished}
          uploads={editor.uploads}
          findProjects={editor.findProjects}
          detail={detail}
          project={project}
        />
      </Form>
      {isStale && detail ? (
        <StaleRevisionNote
          itemId={detail.id}
          latest={latest}
          isReading={pending === 'read'}
          onRead={editor.readLatest}
          onKeep={editor.keepMyText}
        />
      ) : null}
      <RefusalNote message={refusal} />
      {holder !== null ? <ClaimHolderLink holder={holder} /> : null}
      <EditorActions
        allowed={editor.allowed}
        isSaved={detail !== null}
        pending={pending}
        isConfirmingDiscard={editor.isConfirmingDiscard}
        setIsConfirmingDiscard={editor.setIsConfirmingDiscard}
        onSave={editor.save}
        onSubmit={editor.submit}
        onDiscard={editor.discard}
      />
    </section>
  )
}
