import type { FormInstance } from 'antd'
import { useEffect } from 'react'

import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'
import { RegionalApiError } from '#app/api/regional-api-error.ts'
import { useAppFeedback } from '#app/components/ui/app-feedback.tsx'
import { SEAL_REFUSED_STATE } from '#common/constants/protocol.ts'
import { MSG_SIGN_SUCCESS } from '#common/messages.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'

import { loadDraft, saveDraft, type SigningTrip } from './apply-draft.ts'
import { EMPTY_VALUES, type ApplyValues } from './apply-values.ts'
import type { ApplyDraftKeeper } from './use-apply-draft.ts'

type Options = {
  form: FormInstance<ApplyValues>
  draft: ApplyDraftKeeper
  setFormFile: (file: FileRecord | null) => void
  setSealRefusal: (reason: string | null) => void
}

export function useSigningTrip({
  form,
  draft,
  setFormFile,
  setSealRefusal,
}: Options) {
  const { message } = useAppFeedback()

  // The letter is marked sealed if the server holds the complainant's seal of it.
  async function pickUpSeal(trip: SigningTrip) {
    if (trip.smsCode) form.setFieldValue('smsCode', trip.smsCode)
    document
      .getElementById('seal-step')
      ?.scrollIntoView({ block: 'start', behavior: 'instant' })
    const letter = form.getFieldValue('formFile') as FileRecord | undefined
    if (letter?.id !== trip.fileId) return
    try {
      const [sealed] = await getBrowserRegionalApi().signedFiles({
        fileId: trip.fileId,
      })
      if (!sealed || form.getFieldValue('formFile')?.id !== trip.fileId) return
      setSealRefusal(null)
      setFormFile({
        ...letter,
        isSign: true,
        signUrl: sealed.fullurl || sealed.url,
      })
      draft.keepDraft()
      void message.success(MSG_SIGN_SUCCESS)
    } catch (error) {
      // The client told why (not sealed yet); a seal not the complainant's asks for another.
      if (
        error instanceof RegionalApiError &&
        error.state === SEAL_REFUSED_STATE
      )
        setSealRefusal(error.message)
    }
  }

  // Browser-only work: the draft lives in sessionStorage.
  useEffect(() => {
    const saved = loadDraft()
    if (!saved) return
    draft.setClientKey(saved.clientKey)
    form.setFieldsValue({ ...EMPTY_VALUES, ...saved.values })
    if (saved.signing) {
      // Back from the signing page in this tab: the trip is taken once.
      saveDraft({ values: saved.values, clientKey: saved.clientKey })
      void pickUpSeal(saved.signing)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page opens
  }, [form])

  // The tab leaves for the signing page: keep the draft, the letter and the SMS code.
  function leaveForSigning() {
    draft.cancelSave()
    const letter = form.getFieldValue('formFile') as FileRecord | undefined
    if (!letter) return
    const smsCode = String(form.getFieldValue('smsCode') ?? '')
    saveDraft({
      ...draft.draftNow(),
      signing: { fileId: letter.id, ...(smsCode ? { smsCode } : {}) },
    })
  }

  return { leaveForSigning }
}
