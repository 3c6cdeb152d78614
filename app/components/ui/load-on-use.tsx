import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  startTransition,
  Suspense,
  useState,
} from 'react'

import { ChunkErrorBoundary } from './chunk-error-boundary.tsx'

/**
 * How the visitor reached for a control drawn as its look-alike: the full control takes over
 * with the focus where it was (`part`: the start or the end of a range) and its list open if
 * they opened it.
 */
export type FirstUse = { isFocused: boolean; isOpen: boolean; part: 0 | 1 }

/**
 * The look-alike's handlers: `frame` on its outer element, which carries `data-load-on-use`
 * (antd opens a select on a press anywhere in it), `field(part)` on each of its inputs (`part`
 * 1 for a range's end).
 */
export type Reach = {
  /** One of its fields has the focus (while the full control loads): antd's focused look. */
  isFocused: boolean
  frame: {
    'data-load-on-use': ''
    onPointerEnter: () => void
    onPointerDown: () => void
  }
  field: (part?: 0 | 1) => {
    onPointerDown: () => void
    onFocus: () => void
    onBlur: (event: FocusEvent) => void
    onKeyDown: (event: KeyboardEvent) => void
  }
}

type Props = {
  /** Loads the full control's module: on a hover, and when the visitor reaches for it. */
  load: () => Promise<unknown>
  /** The look-alike: antd's markup and stylesheet, without antd's code. */
  look: (reach: Reach) => ReactNode
  /** The full control (React.lazy), told how it was reached for. */
  full: (use: FirstUse) => ReactNode
}

// Keys that open a select's or a picker's list.
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' '])

/**
 * A control of a page's first view drawn as a look-alike until the visitor reaches for it
 * (pointer down, focus, a key), then replaced by the full control (antd's), which opens where
 * they reached. antd's Select, Cascader and RangePicker are some 60 KB compressed: a list page
 * gets them only when someone uses one. The swap is a transition: the look-alike stays, with
 * the focus, until the full control has loaded, and then takes no room of its own. A hover
 * starts the loading early. Should the module fail to load, the look-alike stays and the root
 * view's chunk-load guard offers a reload.
 */
export function LoadOnUse({ load, look, full }: Props) {
  const [use, setUse] = useState<FirstUse | null>(null)
  const [isFocused, setIsFocused] = useState(false)
  const reachFor = (change: Partial<FirstUse>) =>
    startTransition(() =>
      setUse((current) => ({
        isFocused: false,
        isOpen: false,
        part: 0,
        ...current,
        ...change,
      })),
    )
  const reach: Reach = {
    isFocused,
    frame: {
      'data-load-on-use': '',
      onPointerEnter: () => void load().catch(() => undefined),
      // A press on the frame's edge or its arrow; a press on a field has named its part.
      onPointerDown: () => reachFor({ isFocused: true, isOpen: true }),
    },
    field: (part = 0) => ({
      onPointerDown: () => reachFor({ part }),
      onFocus: () => {
        setIsFocused(true)
        reachFor({ isFocused: true, part })
      },
      onBlur: (event) => {
        setIsFocused(false)
        // Moving between a range's two fields is not leaving the control.
        const control = event.currentTarget.closest('[data-load-on-use]')
        if (!control?.contains(event.relatedTarget as Node | null))
          reachFor({ isFocused: false, isOpen: false })
      },
      onKeyDown: (event) => {
        if (!OPENING_KEYS.has(event.key)) return
        // Enter or Space would send the search form around the field, or scroll the page.
        event.preventDefault()
        reachFor({ isFocused: true, isOpen: true, part })
      },
    }),
  }
  const shown = look(reach)
  return (
    <ChunkErrorBoundary fallback={shown}>
      <Suspense fallback={shown}>{use ? full(use) : shown}</Suspense>
    </ChunkErrorBoundary>
  )
}

/**
 * The full control's open state, starting as the visitor reached for its look-alike. A press
 * or a key on the look-alike can come after the full control has started to take over (a focus
 * started the loading): the list then opens when it arrives, not only if it came first.
 */
export function useOpenFromFirstUse(use: FirstUse) {
  const [open, setOpen] = useState(use.isOpen)
  const [wasOpened, setWasOpened] = useState(use.isOpen)
  if (use.isOpen !== wasOpened) {
    setWasOpened(use.isOpen)
    if (use.isOpen) setOpen(true)
  }
  return [open, setOpen] as const
}
