import type { ReactNode } from 'react'
import { Form, useNavigate } from 'react-router'

import styles from './filters.module.css'
import { PlainButton, PlainButtonLink } from './plain-button.tsx'

type Props = {
  /** The list's path: the form is sent there with GET, so the filters land in the URL. */
  action: string
  /** Names what is searched, for assistive technology. */
  label: string
  /**
   * With scripts, the form's fields on 查询 or Enter (the page builds its own tidy URL from
   * them); without scripts the browser sends the form as it is.
   */
  onSearch: (fields: FormData) => void
  children: ReactNode
}

/**
 * The search area of a list page: a GET form, so it works before scripts load and every filtered
 * list has a URL that can be shared and reloaded. With scripts each choice applies at once;
 * 查询 sends the typed keyword, 重置 goes back to the unfiltered list.
 */
export function SearchArea({ action, label, onSearch, children }: Props) {
  const navigate = useNavigate()
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(new FormData(event.currentTarget))
      }}
      className={`portal-panel ${styles.area}`}
    >
      {children}
      <div className={styles.actions}>
        <PlainButton variant="primary" type="submit">
          查询
        </PlainButton>
        <PlainButtonLink
          href={action}
          onClick={(event) => {
            event.preventDefault()
            navigate(action)
          }}
        >
          重置
        </PlainButtonLink>
      </div>
    </Form>
  )
}

/** One labelled row of the search area, its label tied to the control's id. */
export function SearchField({
  label,
  htmlFor,
  children,
}: {
  label: string
  htmlFor: string
  children: ReactNode
}) {
  return (
    <div className={styles.row}>
      <label htmlFor={htmlFor} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>{children}</div>
    </div>
  )
}
