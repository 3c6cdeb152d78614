import { useState } from 'react'

import type { RevisionBase } from '#common/schemas/content/workflow.ts'

import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import { refusalText } from './content-action-dialog.tsx'

export type Step = 'save' | 'submit' | 'discard' | 'read'

export type Latest = {
  base: RevisionBase
  canSave: boolean
  stateLabel: string
}

// docs/api/staff-api.md: the 409 names the item that holds the claim by its 内容编号.
function claimHolderOf(error: unknown): number | null {
  if (!(error instanceof StaffApiError) || error.status !== 409) return null
  const holder = /内容编号 (\d+)/.exec(error.message)?.[1]
  return holder ? Number(holder) : null
}

export function useEditorStep() {
  const [pending, setPending] = useState<Step | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [holder, setHolder] = useState<number | null>(null)
  const [isStale, setIsStale] = useState(false)
  const [latest, setLatest] = useState<Latest | null>(null)

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

  const clearStale = () => {
    setIsStale(false)
    setLatest(null)
  }

  return {
    pending,
    refusal,
    holder,
    isStale,
    latest,
    setLatest,
    run,
    clearStale,
  }
}
