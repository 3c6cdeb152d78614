import type { FormInstance } from 'antd'
import { useRef } from 'react'

import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'
import { RegionalApiError } from '#app/api/regional-api-error.ts'
import { SEAL_REFUSED_STATE } from '#common/constants/protocol.ts'
import { MSG_CLIENT_KEY_CONTENT_DIFFERS } from '#common/messages.ts'
import type { ComplaintFiled } from '#common/schemas/complaint/complaint-filing.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'

import { clearDraft, newClientKey, saveDraft } from './apply-draft.ts'
import { PENDING_PARTS, type ApplyValues } from './apply-values.ts'
import {
  GENERATE_STEPS,
  SUBMIT_STEPS,
  type createProgressStore,
} from './filing-progress.tsx'
import { useApplicationCheck } from './use-application-check.ts'
import type { ApplyDraftKeeper } from './use-apply-draft.ts'

type Options = {
  form: FormInstance<ApplyValues>
  draft: ApplyDraftKeeper
  progress: ReturnType<typeof createProgressStore>
  formFile: FileRecord | null
  setFormFile: (file: FileRecord | null) => void
  setSealRefusal: (reason: string | null) => void
  setBusy: (busy: boolean) => void
  setFiled: (filed: ComplaintFiled) => void
}

export function useFilingActions({
  form,
  draft,
  progress,
  formFile,
  setFormFile,
  setSealRefusal,
  setBusy,
  setFiled,
}: Options) {
  const validApplication = useApplicationCheck(form)
  // One generation or submission at a time: a second click before the form is disabled waits.
  const running = useRef(false)
  const oneAtATime = (run: () => Promise<unknown>) => async () => {
    if (running.current) return
    running.current = true
    try {
      await run()
    } finally {
      running.current = false
    }
  }

  const generate = oneAtATime(async () => {
    progress.start(GENERATE_STEPS)
    const application = await validApplication(
      PENDING_PARTS.smsCode,
      PENDING_PARTS.formFileId,
      PENDING_PARTS.clientKey,
    )
    if (!application) return progress.fail('请按提示修改填写的内容后再生成')
    const {
      formFileId: _id,
      smsCode: _code,
      clientKey: _key,
      ...content
    } = application
    progress.step(1)
    setBusy(true)
    try {
      const file = await getBrowserRegionalApi().generateComplaintForm(content)
      setFormFile(file)
      setSealRefusal(null)
      draft.keepDraft()
      progress.done('投诉书已生成，请预览并加盖电子印章')
    } catch {
      // The client showed why; the form keeps everything typed.
      progress.fail('投诉书未能生成，请按提示处理后重试')
    } finally {
      setBusy(false)
    }
  })

  const submit = oneAtATime(async () => {
    if (!formFile?.isSign) return
    progress.start(SUBMIT_STEPS)
    const smsCode = String(form.getFieldValue('smsCode') ?? '')
    const application = await validApplication(
      smsCode,
      formFile.id,
      draft.draftClientKey(),
    )
    if (!application) return progress.fail('请按提示修改填写的内容后再提交')
    // The key is kept before the request leaves: after a reload it is sent again, not a new one.
    draft.cancelSave()
    saveDraft(draft.draftNow())
    progress.step(1)
    setBusy(true)
    try {
      const result = await getBrowserRegionalApi().submitComplaint(application)
      draft.cancelSave()
      clearDraft()
      progress.clear()
      setFiled(result)
      window.scrollTo({ top: 0 })
    } catch (error) {
      progress.fail('投诉未能提交，请按提示处理后重试')
      // The client showed why (a wrong SMS code, say); nothing typed is lost. A letter without
      // the complainant's seal is marked unsealed, with the reason and 重新签章. A complaint
      // filed earlier from this draft with other content: the changed content, submitted
      // again, is a complaint of its own, with a key of its own.
      if (
        error instanceof RegionalApiError &&
        error.state === SEAL_REFUSED_STATE
      ) {
        setFormFile({ ...formFile, isSign: false, signUrl: undefined })
        setSealRefusal(error.message)
        draft.keepDraft()
      }
      if (
        error instanceof RegionalApiError &&
        error.message === MSG_CLIENT_KEY_CONTENT_DIFFERS
      ) {
        draft.setClientKey(newClientKey())
        saveDraft(draft.draftNow())
      }
    } finally {
      setBusy(false)
    }
  })

  return { generate, submit }
}
