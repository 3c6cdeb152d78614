import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  startTransition,
  Suspense,
  useState,
} from 'react'

import { ChunkErrorBoundary } from './chunk-error-boundary.tsx'

export type FirstUse = { isFocused: boolean; isOpen: boolean; part: 0 | 1 }

// `frame` carries `data-load-on-use`: antd opens a select on a press anywhere in it.
export type Reach = {
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
  load: () => Promise<unknown>
  look: (reach: Reach) => ReactNode
  full: (use: FirstUse) => ReactNode
}

// Keys that open a select's or a picker's list.
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' '])

// antd's Select, Cascader and RangePicker are some 60 KB compressed: a list page gets them only
// when someone uses one. Should the module fail to load, the look-alike stays and the root
// view's chunk-load guard offers a reload.
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

// A press or a key on the look-alike can come after the full control has started to take over
// (a focus started the loading): the list then opens when it arrives.
export function useOpenFromFirstUse(use: FirstUse) {
  const [open, setOpen] = useState(use.isOpen)
  const [wasOpened, setWasOpened] = useState(use.isOpen)
  if (use.isOpen !== wasOpened) {
    setWasOpened(use.isOpen)
    if (use.isOpen) setOpen(true)
  }
  return [open, setOpen] as const
}
