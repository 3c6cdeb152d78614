import { Alert, Button } from 'antd'
import { useState } from 'react'

import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import styles from './supervision.module.css'

const MSG_FAILED = '办理未成功，请稍后重试'

export type Refusal = { message: string; isStale: boolean }

// A 409: someone else acted on the warning, or the project's facts raised it again since the
// page was read. Its step is then judged again on the warning as it is now.
export const refusalOf = (error: unknown): Refusal => ({
  message: error instanceof Error && error.message ? error.message : MSG_FAILED,
  isStale: error instanceof StaffApiError && error.status === 409,
})

/** The server's refusal inside a dialog; a stale version offers to read the warning again. */
export function RefusalAlert({
  title,
  refusal,
  onReload,
}: {
  title: string
  refusal: Refusal
  /** Reads the page again and closes the dialog on it. */
  onReload: () => Promise<void>
}) {
  const [isReading, setIsReading] = useState(false)
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title}
      description={
        <>
          <p>{refusal.message}</p>
          {refusal.isStale ? (
            <Button
              size="small"
              loading={isReading}
              onClick={async () => {
                setIsReading(true)
                try {
                  await onReload()
                } finally {
                  setIsReading(false)
                }
              }}
            >
              刷新，查看最新情况
            </Button>
          ) : null}
        </>
      }
      className={styles.refusal}
    />
  )
}
