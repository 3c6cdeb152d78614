import type { FormInstance } from 'antd'
import { useEffect, useState } from 'react'

import type { DecisionDraft } from '#common/schemas/complaint/complaint-staff.ts'

import { refusalOf, type Values } from './action-dialog.tsx'

export function useDecisionDraft({
  form,
  kept,
  loadDraft,
  onLoaded,
}: {
  form: FormInstance<Values>
  kept: Values | undefined
  loadDraft: () => Promise<DecisionDraft>
  onLoaded: () => void
}) {
  const [isLoadingDraft, setIsLoadingDraft] = useState(!kept)
  const [draftFailure, setDraftFailure] = useState<string | null>(null)

  function requestDraft() {
    loadDraft()
      .then((draft) => {
        const values = { ...draft, conclusion: draft.conclusion ?? undefined }
        form.setFieldsValue(values)
        onLoaded()
      })
      .catch((error: unknown) => setDraftFailure(refusalOf(error)))
      .finally(() => setIsLoadingDraft(false))
  }
  function retryDraft() {
    setIsLoadingDraft(true)
    setDraftFailure(null)
    requestDraft()
  }
  // Browser-only work on opening: the draft, unless the head comes back to what was typed.
  useEffect(() => {
    if (!kept) requestDraft()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the dialog opens
  }, [])

  return { isLoadingDraft, draftFailure, retryDraft }
}
