import { useSyncExternalStore } from 'react'

// The form (antd's Form, Upload, DatePicker, the editor's field, zod's schemas: some 250 KB of
// script) is of no use behind the notice, which the visitor must read first.
let isOpen = false
const listeners = new Set<() => void>()

export function openApplyForm() {
  if (isOpen) return
  isOpen = true
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

// Never on the server, nor while the page hydrates.
export function useIsApplyFormOpen() {
  return useSyncExternalStore(
    subscribe,
    () => isOpen,
    () => false,
  )
}
