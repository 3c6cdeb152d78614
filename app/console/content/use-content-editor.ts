import { Form } from 'antd'
import { useState } from 'react'

import { useAppFeedback } from '#app/components/ui/app-feedback.tsx'
import { REVISION_STATE_LABELS } from '#common/constants/content.ts'

import {
  baseOf,
  type ContentFormValues,
  valuesOf,
} from './content-form-values.ts'
import {
  type ContentEditorOptions,
  useDraftSaving,
} from './use-draft-saving.ts'
import { useContentUploads } from './use-content-uploads.ts'
import { useEditorStep } from './use-editor-step.ts'
import { useLocalDraft } from './use-local-draft.ts'
import { useRevisionBase } from './use-revision-base.ts'

export function useContentEditor(
  options: ContentEditorOptions & { initial: ContentFormValues },
) {
  const { detail, calls } = options
  const { message } = useAppFeedback()
  const [form] = Form.useForm<ContentFormValues>()
  const localDraft = useLocalDraft({
    kind: options.kind,
    itemId: detail?.id ?? null,
    form,
    initial: options.initial,
  })
  const tracked = useRevisionBase(detail)
  // Whatever the server has taken, the browser's copy is no longer needed.
  const revision = {
    ...tracked,
    markSaved: () => {
      tracked.markSaved()
      localDraft.forget()
    },
    markChanged: () => {
      tracked.markChanged()
      localDraft.noteChange()
    },
  }
  const { base, setBase } = revision
  const step = useEditorStep()
  const { run, latest } = step
  const [isConfirmingDiscard, setIsConfirmingDiscard] = useState(false)
  const { uploads, findProjects } = useContentUploads(calls)
  const { allowed, isPublished, save, submit } = useDraftSaving({
    ...options,
    form,
    revision,
    run,
    message,
  })

  const discard = () =>
    run('discard', async () => {
      if (!detail || !base) return false
      setIsConfirmingDiscard(false)
      await calls.change(detail.id, 'discard', base)
      // The item as it is now: the published revision again, or nothing left to edit.
      const now = await calls.detail(detail.id)
      if (!revision.isMounted()) return true
      form.setFieldsValue(valuesOf(now))
      revision.markSaved()
      setBase(baseOf(now.working))
      void message.success('草稿已放弃')
      return true
    })

  const readLatest = () =>
    run('read', async () => {
      if (!detail) return false
      const now = await calls.detail(detail.id)
      step.setLatest({
        base: baseOf(now.working),
        canSave: now.allowedActions.includes('save'),
        stateLabel: REVISION_STATE_LABELS[now.working.state],
      })
      return false
    })

  const keepMyText = () => {
    if (!latest) return
    setBase(latest.base)
    step.clearStale()
    void message.info('您的内容仍在编辑器中，保存后将替换最新版本')
  }

  return {
    form,
    step,
    allowed,
    isPublished,
    uploads,
    findProjects,
    hasUnsavedChanges: revision.hasUnsavedChanges,
    markChanged: revision.markChanged,
    localDraft,
    isConfirmingDiscard,
    setIsConfirmingDiscard,
    save,
    submit,
    discard,
    readLatest,
    keepMyText,
  }
}
