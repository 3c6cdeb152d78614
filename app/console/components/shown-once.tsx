import { Alert } from 'antd'

import { CopyButton } from './copy-button.tsx'
import styles from './shown-once.module.css'

/**
 * A secret the server gives once (a personal API token, a setup link): shown in full with a
 * copy button and the warning that it will not be shown again (only its hash is kept).
 */
export function ShownOnce({
  title,
  value,
  copyLabel,
  note,
}: {
  title: string
  value: string
  copyLabel: string
  note: string
}) {
  return (
    <Alert
      type="warning"
      showIcon
      title={title}
      description={
        <>
          <p className={styles.note}>{note}</p>
          <p className={styles.valueLine}>
            <code className={styles.value}>{value}</code>
          </p>
          <CopyButton text={value} label={copyLabel} />
        </>
      }
    />
  )
}
