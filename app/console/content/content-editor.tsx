import { Form } from 'antd'

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

type Props = {
  kind: ContentKind
  detail: ContentItemDetail | null
  calls: ContentEditorCalls
  project?: ProjectChoice | null
  initialValues?: Partial<ContentFormValues>
  onCreated: (id: number) => void
}

export function ContentEditor({
  kind,
  detail,
  calls,
  project = null,
  initialValues,
  onCreated,
}: Props) {
  const editor = useContentEditor({ kind, detail, calls, onCreated })
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
      <Form<ContentFormValues>
        form={editor.form}
        layout="vertical"
        initialValues={
          detail
            ? valuesOf(detail)
            : { ...emptyValuesOf(kind), ...initialValues }
        }
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
