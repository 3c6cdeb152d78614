import { Alert, Button, Form, Modal } from 'antd'
import { useCallback, useEffect, useRef, useState } from 'react'

import type { UploadRequest } from '#app/api/upload-request.ts'
import { useAppFeedback } from '#app/components/ui/app-feedback.tsx'
import {
  CONTENT_KIND_LABELS,
  CONTENT_REFUSALS,
  type ContentKind,
  REVISION_STATE_LABELS,
} from '#common/constants/content.ts'
import type {
  ContentFields as Fields,
  ContentItemDetail,
  ProjectChoice,
  RevisionBase,
} from '#common/schemas/content/workflow.ts'

import { RefusalNote } from '#app/console/components/refusal-note.tsx'
import { StaffApiError } from '#app/console/api/staff-api-client.ts'
import { UnsavedChangesGuard } from '#app/console/components/unsaved-changes-guard.tsx'
import { refusalText } from './content-action-dialog.tsx'
import type { ContentApi } from './content-api.ts'
import { ContentFields } from './content-fields.tsx'
import {
  baseOf,
  type ContentFormValues,
  contentFieldsOf,
  emptyValuesOf,
  fileRecordOf,
  IMAGE_TYPES,
  valuesOf,
} from './content-form-values.ts'
import type { Uploads } from './kinds/kind-form.ts'
import { contentItemHref } from './content-query.ts'
import styles from './content.module.css'

type Calls = Pick<
  ContentApi,
  'create' | 'saveDraft' | 'change' | 'detail' | 'upload' | 'projects'
>

type Props = {
  kind: ContentKind
  /** The item being edited; null for a new one (nothing saved yet). */
  detail: ContentItemDetail | null
  calls: Calls
  /**
   * The project the item is or names, as the project picker offers it (its stages with their
   * announcements); for a new item, the project it is written for, if any.
   */
  project?: ProjectChoice | null
  /** A new item's first values besides the empty form's (its project and stage, say). */
  initialValues?: Partial<ContentFormValues>
  /** A new item was saved: the page moves to its own address. */
  onCreated: (id: number) => void
}

/**
 * Another item holds what these fields claim (a project's number, a project's stage): the
 * server's refusal names that item by its 内容编号 (docs/api/staff-api.md), to edit instead.
 */
export function claimHolderOf(error: unknown): number | null {
  if (!(error instanceof StaffApiError) || error.status !== 409) return null
  const holder = /内容编号 (\d+)/.exec(error.message)?.[1]
  return holder ? Number(holder) : null
}

/** What is running: a button's step, or reading the latest version after a refusal. */
type Step = 'save' | 'submit' | 'discard' | 'read'

/** What the latest revision is, for the person told that someone else changed it. */
type Latest = { base: RevisionBase; canSave: boolean; stateLabel: string }

/**
 * The editor of a revision: the kind's fields, then 保存草稿, 提交审核 and 放弃草稿. Every
 * change names the revision it was based on; when someone else changed the item since (409,
 * 「内容已被他人修改」) nothing is saved and nothing typed is lost: the editor says so, offers
 * the latest version in a new tab, and can carry the typed text over to it.
 */
export function ContentEditor({
  kind,
  detail,
  calls,
  project = null,
  initialValues,
  onCreated,
}: Props) {
  const { message } = useAppFeedback()
  const [form] = Form.useForm<ContentFormValues>()
  // The revision the text in the form was based on: moves only with one's own saves, or when
  // the person chooses to carry their text over to the latest version.
  const [base, setBase] = useState<RevisionBase | null>(() =>
    detail ? baseOf(detail.working) : null,
  )
  const [pending, setPending] = useState<Step | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [holder, setHolder] = useState<number | null>(null)
  const [isStale, setIsStale] = useState(false)
  const [latest, setLatest] = useState<Latest | null>(null)
  const [isConfirmingDiscard, setIsConfirmingDiscard] = useState(false)
  // Whether the form holds anything not saved yet (antd's touched marks never clear).
  const hasChanges = useRef(false)
  // A change can leave nothing to edit (a submitted or discarded draft): the page then shows
  // the revision read instead, and this form is gone.
  const isMounted = useRef(true)
  useEffect(() => {
    isMounted.current = true
    return () => {
      isMounted.current = false
    }
  }, [])
  const hasUnsavedChanges = useCallback(() => hasChanges.current, [])
  const allowed = new Set(detail?.allowedActions ?? ['save', 'submit'])
  const isPublished = detail?.itemState === 'published'

  // A picture (the cover, one in the body) is refused by the server unless it is one.
  const uploadFile =
    (type: 0 | 1): UploadRequest =>
    async (file, options) =>
      fileRecordOf(
        await calls.upload(file, {
          ...options,
          accept: type === 0 ? IMAGE_TYPES : undefined,
        }),
        type,
      )
  const uploads: Uploads = {
    attachment: uploadFile(1),
    picture: uploadFile(0),
    image: async (file, onProgress) =>
      (await calls.upload(file, { onProgress, accept: IMAGE_TYPES })).location,
  }
  const findProjects = useCallback(
    async (keyword: string) =>
      (
        await calls.projects({
          keyword: keyword.trim() || undefined,
          pageNo: 1,
          pageSize: 20,
        })
      ).items,
    [calls],
  )

  /** The form's fields, checked; undefined (the form shows why) when one does not pass. */
  async function checkedFields(): Promise<
    { content: Fields; values: ContentFormValues } | undefined
  > {
    const values = await form.validateFields().catch(() => undefined)
    if (!values) return undefined
    const all = form.getFieldsValue(true) as ContentFormValues
    const content = contentFieldsOf(kind, all)
    return content ? { content, values: all } : undefined
  }

  /** Runs a step, showing a refusal above the buttons; a stale base gets its own note. */
  async function run(step: Step, work: () => Promise<boolean>) {
    setPending(step)
    setRefusal(null)
    setHolder(null)
    try {
      if (await work()) {
        setIsStale(false)
        setLatest(null)
      }
    } catch (error) {
      const claimHolder = claimHolderOf(error)
      if (claimHolder !== null) {
        setRefusal(refusalText(error))
        setHolder(claimHolder)
      } else if (error instanceof StaffApiError && error.status === 409) {
        setIsStale(true)
        setLatest(null)
      } else setRefusal(refusalText(error))
    } finally {
      setPending(null)
    }
  }

  /** Saves the form as the working draft; the base then moves to what was saved. */
  async function saveDraft(checked: {
    content: Fields
    values: ContentFormValues
  }): Promise<RevisionBase> {
    if (!detail || !base) throw new Error('内容尚未创建')
    const isCorrection = isPublished && checked.values.isCorrection
    await calls.saveDraft(detail.id, {
      ...checked.content,
      base,
      isCorrection,
      correctionNote: isCorrection ? checked.values.correctionNote.trim() : '',
    })
    hasChanges.current = false
    // The saved revision's number and version, for the next change to name.
    const saved = baseOf((await calls.detail(detail.id)).working)
    setBase(saved)
    return saved
  }

  const save = async () => {
    const checked = await checkedFields()
    if (!checked) return
    await run('save', async () => {
      if (!detail) {
        const { id } = await calls.create(checked.content)
        hasChanges.current = false
        void message.success('草稿已保存')
        onCreated(id)
        return true
      }
      await saveDraft(checked)
      void message.success('草稿已保存')
      return true
    })
  }

  const submit = async () => {
    const checked = await checkedFields()
    if (!checked) return
    await run('submit', async () => {
      if (!detail) {
        const { id } = await calls.create(checked.content)
        hasChanges.current = false
        const created = await calls.detail(id)
        try {
          await calls.change(id, 'submit', baseOf(created.working))
          void message.success('已提交审核')
        } catch (error) {
          // Saved, not submitted: the item's page offers 提交审核 again.
          void message.error(
            `草稿已保存，但未能提交审核：${refusalText(error)}`,
          )
        }
        onCreated(id)
        return true
      }
      // What the reviewer reads is what was saved: the form is saved first unless nothing
      // changed in a draft that can be submitted as it is.
      const isSubmittable = allowed.has('submit') && !hasChanges.current
      const submitted = isSubmittable && base ? base : await saveDraft(checked)
      await calls.change(detail.id, 'submit', submitted)
      void message.success('已提交审核')
      return true
    })
  }

  const discard = () =>
    run('discard', async () => {
      if (!detail || !base) return false
      setIsConfirmingDiscard(false)
      await calls.change(detail.id, 'discard', base)
      // The item as it is now: the published revision again, or nothing left to edit.
      const now = await calls.detail(detail.id)
      if (!isMounted.current) return true
      form.setFieldsValue(valuesOf(now))
      hasChanges.current = false
      setBase(baseOf(now.working))
      void message.success('草稿已放弃')
      return true
    })

  /** After a 409: what the latest revision is now, without touching the form. */
  const readLatest = () =>
    run('read', async () => {
      if (!detail) return false
      const now = await calls.detail(detail.id)
      setLatest({
        base: baseOf(now.working),
        canSave: now.allowedActions.includes('save'),
        stateLabel: REVISION_STATE_LABELS[now.working.state],
      })
      return false
    })

  const keepMyText = () => {
    if (!latest) return
    setBase(latest.base)
    setIsStale(false)
    setLatest(null)
    void message.info('您的内容仍在编辑器中，保存后将替换最新版本')
  }

  const heading = detail
    ? `编辑修订 ${detail.working.revisionNo}`
    : `新建${CONTENT_KIND_LABELS[kind]}`
  return (
    <section aria-labelledby="content-editor-title" className="portal-panel">
      <h2 id="content-editor-title" className={styles.sectionTitle}>
        {heading}
      </h2>
      <UnsavedChangesGuard hasChanges={hasUnsavedChanges} />
      <Form<ContentFormValues>
        form={form}
        layout="vertical"
        initialValues={
          detail
            ? valuesOf(detail)
            : { ...emptyValuesOf(kind), ...initialValues }
        }
        disabled={pending !== null}
        onValuesChange={() => {
          hasChanges.current = true
        }}
        className={styles.editorForm}
      >
        <ContentFields
          kind={kind}
          isPublished={isPublished}
          uploads={uploads}
          findProjects={findProjects}
          detail={detail}
          project={project}
        />
      </Form>
      {isStale && detail ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          className={styles.staleNote}
          title={CONTENT_REFUSALS.stale}
          description={
            <>
              <p>
                您打开这篇内容之后，有人修改、提交或审核了它，本次操作没有保存。您填写的内容仍保留在上面的表单中。
              </p>
              {latest ? (
                latest.canSave ? (
                  <p>
                    最新版本是修订 {latest.base.revisionNo}（{latest.stateLabel}
                    ）。确认以您填写的内容替换它时，再点“保存草稿”。
                  </p>
                ) : (
                  <p>
                    最新版本是修订 {latest.base.revisionNo}（{latest.stateLabel}
                    ），目前不能修改。可复制您填写的内容，待其审核后再修改。
                  </p>
                )
              ) : null}
              <div className={styles.actions}>
                <a
                  href={contentItemHref(detail.id)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  在新标签页查看最新版本
                </a>
                {latest?.canSave ? (
                  <Button key="keep" size="small" onClick={keepMyText}>
                    保留我的内容，在最新版本上继续编辑
                  </Button>
                ) : latest ? null : (
                  <Button
                    key="read"
                    size="small"
                    onClick={readLatest}
                    loading={pending === 'read'}
                  >
                    查看最新版本的状态
                  </Button>
                )}
              </div>
            </>
          }
        />
      ) : null}
      <RefusalNote message={refusal} />
      {holder !== null ? (
        <p className={styles.holderLink}>
          <a
            href={contentItemHref(holder)}
            target="_blank"
            rel="noopener noreferrer"
          >
            打开内容编号 {holder}
            <span className="visually-hidden">（在新标签页打开）</span>
          </a>
          <span className={styles.meta}>您填写的内容仍保留在上面的表单中</span>
        </p>
      ) : null}
      <div className={styles.actions}>
        {allowed.has('save') ? (
          <Button
            autoInsertSpace={false}
            onClick={save}
            loading={pending === 'save'}
            disabled={pending !== null}
          >
            保存草稿
          </Button>
        ) : null}
        {allowed.has('save') || allowed.has('submit') ? (
          <Button
            autoInsertSpace={false}
            type="primary"
            onClick={submit}
            loading={pending === 'submit'}
            disabled={pending !== null}
          >
            提交审核
          </Button>
        ) : null}
        {detail && allowed.has('discard') ? (
          <Button
            autoInsertSpace={false}
            danger
            onClick={() => setIsConfirmingDiscard(true)}
            disabled={pending !== null}
          >
            放弃草稿
          </Button>
        ) : null}
      </div>
      <Modal
        open={isConfirmingDiscard}
        title="放弃草稿"
        onCancel={() => setIsConfirmingDiscard(false)}
        okText="确认放弃"
        cancelText="取消"
        okButtonProps={{ danger: true, loading: pending === 'discard' }}
        onOk={discard}
      >
        <p>
          放弃后这份草稿不再可以编辑（修订记录中仍可查看）；已发布的内容不受影响。
        </p>
      </Modal>
    </section>
  )
}
