import { type KeyboardEvent, type ReactNode, useId, useState } from 'react'

import styles from './tab-panels.module.css'

type Item = { key: string; label: string; content: ReactNode }

// Not antd's Tabs, whose overflow menu, dropdown and animated ink bar come to some 17 KB
// compressed on the portal's most visited page.
//
// By default every panel is in the page from the start (the home page's lists are links a
// crawler follows). With `isRenderedWhenChosen` a panel is drawn when its tab is first chosen and
// kept after, hidden, with what was typed in it: a panel whose content loads code of its own
// does not load it with the page.
export function TabPanels({
  label,
  items,
  initialKey,
  isRenderedWhenChosen = false,
  size = 'default',
  isWrapped = false,
}: {
  label: string
  items: Item[]
  initialKey?: string
  isRenderedWhenChosen?: boolean
  size?: 'default' | 'small'
  // Tabs that do not fit go to a second line instead of behind a sideways scroll, which a phone
  // gives no cue of.
  isWrapped?: boolean
}) {
  const [active, setActive] = useState(initialKey ?? items[0]?.key)
  const [chosen, setChosen] = useState(() => new Set([active]))
  const choose = (key: string) => {
    setActive(key)
    setChosen((before) => (before.has(key) ? before : new Set(before).add(key)))
  }
  const id = useId()
  const tabId = (key: string) => `${id}-tab-${key}`
  const panelId = (key: string) => `${id}-panel-${key}`

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = items.findIndex((item) => item.key === active)
    const next = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const item = items[(next + items.length) % items.length]!
    choose(item.key)
    document.getElementById(tabId(item.key))?.focus()
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className={[
          styles.nav,
          size === 'small' ? styles.small : '',
          isWrapped ? styles.wrapped : '',
        ].join(' ')}
      >
        {items.map((item) => {
          const isActive = item.key === active
          return (
            <button
              key={item.key}
              type="button"
              role="tab"
              id={tabId(item.key)}
              aria-selected={isActive}
              aria-controls={panelId(item.key)}
              tabIndex={isActive ? 0 : -1}
              className={styles.tab}
              onClick={() => choose(item.key)}
              onKeyDown={onKeyDown}
            >
              {item.label}
            </button>
          )
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={panelId(item.key)}
          aria-labelledby={tabId(item.key)}
          // The panel itself takes focus only when it holds nothing focusable of its own; these
          // hold links, so Tab from the tab reaches the first of them.
          hidden={item.key !== active}
        >
          {!isRenderedWhenChosen || chosen.has(item.key) ? item.content : null}
        </div>
      ))}
    </div>
  )
}
