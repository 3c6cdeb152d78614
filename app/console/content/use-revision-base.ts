import { useCallback, useEffect, useRef, useState } from 'react'

import type {
  ContentItemDetail,
  RevisionBase,
} from '#common/schemas/content/workflow.ts'

import { baseOf } from './content-form-values.ts'

export function useRevisionBase(detail: ContentItemDetail | null) {
  // Moves only with one's own saves, or when the person chooses to carry their text over to
  // the latest version.
  const [base, setBase] = useState<RevisionBase | null>(() =>
    detail ? baseOf(detail.working) : null,
  )
  // antd's touched marks never clear, hence a mark of one's own.
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
  return {
    base,
    setBase,
    hasUnsavedChanges,
    markChanged: () => {
      hasChanges.current = true
    },
    markSaved: () => {
      hasChanges.current = false
    },
    isMounted: () => isMounted.current,
  }
}

export type RevisionBaseState = ReturnType<typeof useRevisionBase>
