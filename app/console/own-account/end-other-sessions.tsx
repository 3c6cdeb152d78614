import { Alert, Button, Popconfirm } from 'antd'
import { useState } from 'react'

import type { EndedSessions } from '#app/console/api/staff-types.ts'
import { useConsoleCall } from '#app/console/api/use-console-call.ts'
import styles from '#app/console/components/console.module.css'
import { RefusalNote } from '#app/console/components/refusal-note.tsx'

const endedText = (count: number) =>
  count === 0 ? '没有其他设备上的登录' : `已退出其他 ${count} 个登录`

// Ends the person's sessions everywhere but this browser (ASVS 3.3.3), e.g. after signing in on
// a shared computer.
export function EndOtherSessions({
  endOthers,
}: {
  endOthers: () => Promise<EndedSessions>
}) {
  const { run, isPending, error } = useConsoleCall()
  const [ended, setEnded] = useState<number | null>(null)

  async function end() {
    setEnded(null)
    const answer = await run(endOthers)
    if (answer) setEnded(answer.endedSessions)
  }

  return (
    <div className={styles.narrowForm}>
      <p>
        在其他电脑或浏览器上登录后忘记退出，或怀疑账号被他人使用时，可退出除本浏览器外的全部登录；修改密码时也会自动退出。
      </p>
      <RefusalNote message={error?.message} />
      {ended !== null ? (
        <Alert
          type="success"
          showIcon
          title={endedText(ended)}
          className={styles.formNote}
        />
      ) : null}
      <Popconfirm
        title="退出其他设备上的登录？"
        description="除本浏览器外，您在其他设备上的登录都将失效，需重新登录。"
        okText="退出"
        cancelText="取消"
        onConfirm={() => end()}
      >
        <Button danger loading={isPending}>
          退出其他设备上的登录
        </Button>
      </Popconfirm>
    </div>
  )
}
