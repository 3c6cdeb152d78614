import { Alert } from 'antd'

import { CopyButton } from './copy-button.tsx'
import styles from './shown-once.module.css'

// Shown once: the server keeps only its hash.
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
