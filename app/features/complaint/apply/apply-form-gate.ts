import { useSyncExternalStore } from 'react'

/*
 * Whether the filing page may load its form: once the visitor ticks or confirms the complaint
 * notice, or at once when it was confirmed earlier in the session. The form (antd's Form,
 * Upload, DatePicker, the editor's field, zod's schemas: some 250 KB of script) is of no use
 * behind the notice, which the visitor must read first.
 */
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

/** Whether the form is wanted; never on the server, nor while the page hydrates. */
export function useIsApplyFormOpen() {
  return useSyncExternalStore(
    subscribe,
    () => isOpen,
    () => false,
  )
}
