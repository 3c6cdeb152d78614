import { Alert, Button, Modal, Popconfirm, Table } from 'antd'
import { useState } from 'react'
import { z } from 'zod'

import { OpenSessionSchema } from '#common/schemas/staff.ts'

import { TableScroll } from '#app/console/components/table-scroll.tsx'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import type { StaffAccount } from '#app/console/api/staff-types.ts'
import styles from './accounts.module.css'
import { useConsoleCall } from '#app/console/api/use-console-call.ts'

export const OpenSessionsSchema = z.object({
  items: z.array(OpenSessionSchema),
})
export type OpenSession = z.infer<typeof OpenSessionSchema>

export function SessionsDialog({
  shown,
  onClose,
}: {
  shown: { account: StaffAccount; sessions: OpenSession[] } | null
  onClose: () => void
}) {
  const { run, isPending, error, clearError } = useConsoleCall()
  const [ended, setEnded] = useState<number | null>(null)
  const [sessions, setSessions] = useState<OpenSession[] | null>(null)
  const list = sessions ?? shown?.sessions ?? []

  async function endAll() {
    if (!shown) return
    const answer = await run(() =>
      staffApi.post(
        `/accounts/${shown.account.id}/end-sessions`,
        z.object({ endedSessions: z.number() }),
      ),
    )
    if (!answer) return
    setEnded(answer.endedSessions)
    setSessions([])
  }

  function close() {
    clearError()
    setEnded(null)
    setSessions(null)
    onClose()
  }

  return (
    <Modal
      open={shown !== null}
      title={
        shown
          ? `登录会话：${shown.account.displayName}（${shown.account.accountName}）`
          : ''
      }
      onCancel={close}
      footer={<Button onClick={close}>关闭</Button>}
      width={640}
      destroyOnHidden
    >
      {ended !== null ? (
        <Alert type="success" showIcon title={`已结束${ended}个登录会话`} />
      ) : null}
      <TableScroll label="登录会话表格" minWidth={440}>
        <Table<OpenSession>
          rowKey={(row) => `${row.signedInAt}-${row.address}`}
          size="small"
          pagination={false}
          dataSource={list}
          locale={{ emptyText: '当前没有登录会话' }}
          columns={[
            { title: '登录时间', dataIndex: 'signedInAt' },
            { title: '最近活动', dataIndex: 'lastSeenAt' },
            { title: '地址', dataIndex: 'address' },
          ]}
        />
      </TableScroll>
      {error ? <Alert type="error" showIcon title={error.message} /> : null}
      {list.length > 0 ? (
        <Popconfirm
          title="结束该账号的全部登录会话？"
          description="本人需要重新登录。"
          okText="结束"
          cancelText="取消"
          onConfirm={() => endAll()}
        >
          <Button danger loading={isPending} className={styles.afterTable}>
            结束全部会话
          </Button>
        </Popconfirm>
      ) : null}
    </Modal>
  )
}
