import { useState } from 'react'

import type { RevisionBase } from '#common/schemas/content/workflow.ts'

import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import { refusalText } from './content-action-dialog.tsx'

/** What is running: a button's step, or reading the latest version after a refusal. */
export type Step = 'save' | 'submit' | 'discard' | 'read'

/** What the latest revision is, for the person told that someone else changed it. */
export type Latest = {
  base: RevisionBase
  canSave: boolean
  stateLabel: string
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

/**
 * The editor's steps, one at a time, and what became of the last: a refusal, the item that
 * holds what the fields claim, or a base someone else has changed since (with the latest
 * revision, once read).
 */
export function useEditorStep() {
  const [pending, setPending] = useState<Step | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [holder, setHolder] = useState<number | null>(null)
  const [isStale, setIsStale] = useState(false)
  const [latest, setLatest] = useState<Latest | null>(null)

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
