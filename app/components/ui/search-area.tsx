import type { ReactNode } from 'react'
import { Form, useNavigate } from 'react-router'

import styles from './filters.module.css'
import { PlainButton, PlainButtonLink } from './plain-button.tsx'

type Props = {
  // Sent there with GET, so the filters land in the URL.
  action: string
  label: string
  // Without scripts the browser sends the form as it is.
  onSearch: (fields: FormData) => void
  children: ReactNode
}

// A GET form, so it works before scripts load and every filtered list has a URL that can be
// shared and reloaded.
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
