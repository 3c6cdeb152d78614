import { Alert } from 'antd'

import styles from './console.module.css'

export function RefusalNote({
  message,
}: {
  message: string | null | undefined
}) {
  return message ? (
    <Alert type="error" showIcon title={message} className={styles.formNote} />
  ) : null
}
