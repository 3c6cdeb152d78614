import type { FormInstance } from 'antd'
import { useEffect, useState } from 'react'

import type { DecisionDraftAnswer } from '#common/schemas/complaint/complaint-staff.ts'

import { refusalOf, type Values } from './action-dialog.tsx'

// The 处理决定书 is read on opening: the text saved last (or drafted from the record), and
// where it stands, since someone may have submitted or returned it since the page was read.
export function useDecisionDraft({
  form,
  kept,
  loadDraft,
  onLoaded,
}: {
  form: FormInstance<Values>
  kept: Values | undefined
  loadDraft: (() => Promise<DecisionDraftAnswer>) | undefined
  onLoaded: (answer: DecisionDraftAnswer) => void
}) {
  const [isLoadingDraft, setIsLoadingDraft] = useState(loadDraft !== undefined)
  const [draftFailure, setDraftFailure] = useState<string | null>(null)

  function requestDraft() {
    if (!loadDraft) return
    loadDraft()
      .then((answer) => {
        const { draft: _state, ...content } = answer
        // What the drafter typed and kept stays; the rest is the server's.
        if (!kept || answer.draft?.status === 'submitted')
          form.setFieldsValue({
            ...content,
            conclusion: content.conclusion ?? undefined,
          })
        onLoaded(answer)
      })
      .catch((error: unknown) => setDraftFailure(refusalOf(error)))
      .finally(() => setIsLoadingDraft(false))
  }
  function retryDraft() {
    setIsLoadingDraft(true)
    setDraftFailure(null)
    requestDraft()
  }
  // Browser-only work on opening.
  useEffect(() => {
    requestDraft()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the dialog opens
  }, [])

  return { isLoadingDraft, draftFailure, retryDraft }
}
