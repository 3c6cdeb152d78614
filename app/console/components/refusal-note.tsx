import { Alert } from 'antd'

import styles from './console.module.css'

/**
 * Why the server refused what a form sent, in its own Chinese words, under the fields (which
 * keep what was typed). Nothing when there is no refusal.
 */
export function RefusalNote({
  message,
}: {
  message: string | null | undefined
}) {
  return message ? (
    <Alert type="error" showIcon title={message} className={styles.formNote} />
  ) : null
}
