import {
  createContext,
  type FormEvent,
  type ReactNode,
  startTransition,
  useContext,
  useMemo,
  useState,
} from 'react'
import { useLocation } from 'react-router'

import {
  DISPLAY_MODE_ATTRIBUTE,
  DISPLAY_MODE_PATH,
  type DisplayMode,
} from '#common/display-mode.ts'

import elderStylesheet from '#app/styles/antd.generated/elder.css?url'

type DisplayModeState = {
  mode: DisplayMode
  show: (mode: DisplayMode) => void
}

const DisplayModeContext = createContext<DisplayModeState>({
  mode: 'standard',
  show: () => undefined,
})

// Where `applies` is false (the staff console) the page keeps the standard look.
export function DisplayModeProvider({
  chosen,
  applies,
  children,
}: {
  chosen: DisplayMode
  applies: boolean
  children: (mode: DisplayMode) => ReactNode
}) {
  const [mode, setMode] = useState(chosen)
  const shown = applies ? mode : 'standard'
  const state = useMemo<DisplayModeState>(
    // A transition: the mode's stylesheet is loaded before the page is drawn in it.
    () => ({
      mode: shown,
      show: (next) => startTransition(() => setMode(next)),
    }),
    [shown],
  )
  return (
    <DisplayModeContext value={state}>{children(shown)}</DisplayModeContext>
  )
}

export const useDisplayMode = () => useContext(DisplayModeContext).mode

export const displayModeAttributes = (mode: DisplayMode) =>
  mode === 'elder' ? { [DISPLAY_MODE_ATTRIBUTE]: 'elder' } : {}

// React keeps the stylesheet once linked, which is harmless: all it holds applies under the
// mode's attribute.
export function DisplayModeStylesheet({ mode }: { mode: DisplayMode }) {
  return mode === 'elder' ? (
    <link rel="stylesheet" href={elderStylesheet} precedence="display-mode" />
  ) : null
}

// A form posting to the server, so it works by keyboard and before or without scripts; once the
// page runs, the request is sent in the background and the page redrawn in place.
export function DisplayModeSwitch({ className }: { className?: string }) {
  const { mode, show } = useContext(DisplayModeContext)
  const { pathname, search } = useLocation()
  // The server takes a return address of up to 2,000 characters (sitePathOf).
  const back = (pathname + search).length <= 2000 ? pathname + search : pathname
  const next: DisplayMode = mode === 'elder' ? 'standard' : 'elder'
  async function switchInPlace(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    try {
      const answer = await fetch(form.action, {
        method: 'POST',
        body: new URLSearchParams({ mode: next, back }),
        // The answer is a redirect to this page, which is not needed: only its cookie.
        redirect: 'manual',
      })
      if (answer.type !== 'opaqueredirect') throw new Error(`${answer.status}`)
      show(next)
    } catch {
      form.submit()
    }
  }
  return (
    <form
      method="post"
      action={DISPLAY_MODE_PATH}
      onSubmit={(event) => void switchInPlace(event)}
    >
      <input type="hidden" name="mode" value={next} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={className}>
        {mode === 'elder' ? '退出适老模式' : '适老模式'}
      </button>
    </form>
  )
}
