import { DownOutlined, UpOutlined } from '@ant-design/icons'
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'

import styles from './filters.module.css'
import { LabelledGroup } from './labelled-group.tsx'
import { PlainButton } from './plain-button.tsx'
import { RadioButtons } from './radio-buttons.tsx'

export type Option = { label: string; value: string }

type Props = {
  label: string
  name?: string
  value: string
  options: readonly Option[]
  onChange: (value: string) => void
}

// Runs before paint in the browser; on the server there is nothing to measure.
const useBrowserLayoutEffect =
  typeof window === 'undefined' ? () => undefined : useLayoutEffect

const noSubscription = () => () => undefined

// The page paints before its app scripts run, and a row collapsing only then would move
// everything under it. Same text for every row, so the CSP lists one hash for all.
const COLLAPSE_BEFORE_PAINT = `(() => {
  const toggle = document.currentScript.previousElementSibling
  const list = toggle.previousElementSibling
  const first = list.querySelector('label')
  const lineHeight = first ? first.offsetHeight : 0
  if (!(lineHeight > 0 && list.scrollHeight > lineHeight + 4)) return
  const checked = list.querySelector('label.ant-radio-button-wrapper-checked')
  if (checked && checked.offsetTop > first.offsetTop) return
  list.classList.add(${JSON.stringify(styles.collapsed)})
  toggle.hidden = false
})()`

// The server renders every choice, so a page without scripts can reach all of them.
export function ExpandableRadioGroup({
  label,
  name,
  value,
  options,
  onChange,
}: Props) {
  const labelId = useId()
  const listId = useId()
  const listRef = useRef<HTMLDivElement>(null)
  const [isOverflowing, setIsOverflowing] = useState(false)
  const [isExpanded, setIsExpanded] = useState(false)

  useBrowserLayoutEffect(() => {
    const list = listRef.current
    if (!list) return
    const measure = () => {
      const first = list.querySelector<HTMLElement>('label')
      const lineHeight = first?.offsetHeight ?? 0
      // More than one line when the choices stand taller than one of them.
      setIsOverflowing(lineHeight > 0 && list.scrollHeight > lineHeight + 4)
      // The choice in force is never hidden away on a later line.
      const checked = list.querySelector<HTMLElement>(
        'label.ant-radio-button-wrapper-checked',
      )
      if (first && checked && checked.offsetTop > first.offsetTop)
        setIsExpanded(true)
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(list)
    return () => observer.disconnect()
  }, [options, value])

  // True while rendering on the server and hydrating its HTML; the script runs only as part
  // of a page the server sent (one React renders in the browser would never run).
  const isServerHtml = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  )
  const isCollapsed = isOverflowing && !isExpanded
  return (
    <LabelledGroup
      labelId={labelId}
      label={label}
      className={styles.row}
      labelClassName={styles.label}
    >
      <div
        ref={listRef}
        id={listId}
        className={`${styles.choices} ${isCollapsed ? styles.collapsed : ''}`}
      >
        <RadioButtons
          name={name}
          value={value}
          options={options}
          onChange={onChange}
        />
      </div>
      {/* Rendered hidden rather than left out, so that the server's page holds it for the
          script below to show. */}
      <PlainButton
        variant="link"
        className={styles.toggle}
        hidden={!isOverflowing}
        aria-expanded={isExpanded}
        aria-controls={listId}
        icon={
          isExpanded ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />
        }
        isIconEnd
        onClick={() => setIsExpanded((expanded) => !expanded)}
      >
        {isExpanded ? '收起' : '展开'}
      </PlainButton>
      {isServerHtml ? (
        <script dangerouslySetInnerHTML={{ __html: COLLAPSE_BEFORE_PAINT }} />
      ) : null}
    </LabelledGroup>
  )
}
