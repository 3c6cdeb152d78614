import type { FormInstance } from 'antd'

import type { useAppFeedback } from '#app/components/ui/app-feedback.tsx'
import type { ContentKind } from '#common/schemas/content/registry.ts'
import type {
  ContentFields as Fields,
  ContentItemDetail,
  RevisionBase,
} from '#common/schemas/content/workflow.ts'

import { refusalText } from './content-action-dialog.tsx'
import type { ContentApi } from './content-api.ts'
import {
  baseOf,
  type ContentFormValues,
  contentFieldsOf,
} from './content-form-values.ts'
import type { RevisionBaseState } from './use-revision-base.ts'
import type { useEditorStep } from './use-editor-step.ts'

export type ContentEditorCalls = Pick<
  ContentApi,
  'create' | 'saveDraft' | 'change' | 'detail' | 'upload' | 'projects'
>

type Feedback = ReturnType<typeof useAppFeedback>['message']

type Checked = { content: Fields; values: ContentFormValues }

async function checkedFields(
  form: FormInstance<ContentFormValues>,
  kind: ContentKind,
): Promise<Checked | undefined> {
  const values = await form.validateFields().catch(() => undefined)
  if (!values) return undefined
  const all = form.getFieldsValue(true) as ContentFormValues
  const content = contentFieldsOf(kind, all)
  return content ? { content, values: all } : undefined
}

async function submitCreated(
  calls: ContentEditorCalls,
  id: number,
  message: Feedback,
) {
  const created = await calls.detail(id)
  try {
    await calls.change(id, 'submit', baseOf(created.working))
    void message.success('已提交审核')
  } catch (error) {
    // Saved, not submitted: the item's page offers 提交审核 again.
    void message.error(`草稿已保存，但未能提交审核：${refusalText(error)}`)
  }
}

export type ContentEditorOptions = {
  kind: ContentKind
  detail: ContentItemDetail | null
  calls: ContentEditorCalls
  onCreated: (id: number) => void
}

export function useDraftSaving({
  kind,
  detail,
  calls,
  form,
  revision,
  run,
  message,
  onCreated,
}: ContentEditorOptions & {
  form: FormInstance<ContentFormValues>
  revision: RevisionBaseState
  run: ReturnType<typeof useEditorStep>['run']
  message: Feedback
}) {
  const { base, setBase } = revision
  const allowed = new Set(detail?.allowedActions ?? ['save', 'submit'])
  const isPublished = detail?.itemState === 'published'

  async function saveDraft(checked: Checked): Promise<RevisionBase> {
    if (!detail || !base) throw new Error('内容尚未创建')
    const isCorrection = isPublished && checked.values.isCorrection
    await calls.saveDraft(detail.id, {
      ...checked.content,
      base,
      isCorrection,
      correctionNote: isCorrection ? checked.values.correctionNote.trim() : '',
    })
    revision.markSaved()
    const saved = baseOf((await calls.detail(detail.id)).working)
    setBase(saved)
    return saved
  }

  const save = async () => {
    const checked = await checkedFields(form, kind)
    if (!checked) return
    await run('save', async () => {
      if (!detail) {
        const { id } = await calls.create(checked.content)
        revision.markSaved()
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
    const checked = await checkedFields(form, kind)
    if (!checked) return
    await run('submit', async () => {
      if (!detail) {
        const { id } = await calls.create(checked.content)
        revision.markSaved()
        await submitCreated(calls, id, message)
        onCreated(id)
        return true
      }
      // What the reviewer reads is what was saved: the form is saved first unless nothing
      // changed in a draft that can be submitted as it is.
      const isSubmittable =
        allowed.has('submit') && !revision.hasUnsavedChanges()
      const submitted = isSubmittable && base ? base : await saveDraft(checked)
      await calls.change(detail.id, 'submit', submitted)
      void message.success('已提交审核')
      return true
    })
  }

  return { allowed, isPublished, save, submit }
}
