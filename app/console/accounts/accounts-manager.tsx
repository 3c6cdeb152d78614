import { Alert, Button } from 'antd'
import { useState } from 'react'
import { useRevalidator } from 'react-router'

import {
  AccountWithLinkSchema,
  StaffAccountSchema,
} from '#common/schemas/staff.ts'

import { useAppFeedback } from '#app/components/ui/app-feedback.tsx'

import { TableScroll } from '#app/console/components/table-scroll.tsx'
import { ConsolePage } from '#app/console/components/console-page.tsx'
import { ShownOnce } from '#app/console/components/shown-once.tsx'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import type { StaffAccount } from '#app/console/api/staff-types.ts'
import { useConsoleCall } from '#app/console/api/use-console-call.ts'
import { AccountsTable } from './accounts-table.tsx'
import { CreateAccountDialog } from './create-account-dialog.tsx'
import { OidcSubjectDialog } from './oidc-subject-dialog.tsx'
import { RolesDialog } from './roles-dialog.tsx'
import {
  type OpenSession,
  OpenSessionsSchema,
  SessionsDialog,
} from './sessions-dialog.tsx'

type IssuedLink = { account: StaffAccount; setupUrl: string; why: string }

export function AccountsManager({
  accounts,
  selfId,
}: {
  accounts: StaffAccount[]
  // one may not disable oneself
  selfId: number | undefined
}) {
  const revalidator = useRevalidator()
  const { message } = useAppFeedback()
  const rowCall = useConsoleCall()
  const [isCreating, setCreating] = useState(false)
  const [editing, setEditing] = useState<StaffAccount | null>(null)
  const [linking, setLinking] = useState<StaffAccount | null>(null)
  const [sessionsOf, setSessionsOf] = useState<{
    account: StaffAccount
    sessions: OpenSession[]
  } | null>(null)
  const [issued, setIssued] = useState<IssuedLink | null>(null)

  const refresh = () => void revalidator.revalidate()

  async function setDisabled(account: StaffAccount, isDisabled: boolean) {
    const answer = await rowCall.run(() =>
      staffApi.post(`/accounts/${account.id}/disabled`, StaffAccountSchema, {
        isDisabled,
      }),
    )
    if (answer) refresh()
  }

  async function resetFactor(account: StaffAccount) {
    const answer = await rowCall.run(() =>
      staffApi.post(
        `/accounts/${account.id}/reset-factor`,
        AccountWithLinkSchema,
      ),
    )
    if (!answer) return
    setIssued({ ...answer, why: '已重置验证器并结束其登录会话' })
    refresh()
  }

  async function unlock(account: StaffAccount) {
    const answer = await rowCall.run(() =>
      staffApi.post(`/accounts/${account.id}/unlock`, StaffAccountSchema),
    )
    if (!answer) return
    void message.success(
      `已解锁：${account.displayName}（${account.accountName}）`,
    )
    refresh()
  }

  async function showSessions(account: StaffAccount) {
    const answer = await rowCall.run(() =>
      staffApi.get(`/accounts/${account.id}/sessions`, OpenSessionsSchema),
    )
    if (answer) setSessionsOf({ account, sessions: answer.items })
  }

  return (
    <ConsolePage
      title="账号管理"
      actions={
        <Button type="primary" onClick={() => setCreating(true)}>
          新建账号
        </Button>
      }
    >
      {issued ? (
        <ShownOnce
          title={`${issued.why}：${issued.account.displayName}（${issued.account.accountName}）`}
          note="请将以下一次性设置链接交给本人（24小时内有效，只显示这一次）。本人通过它设置密码并绑定验证器后方可登录。"
          value={issued.setupUrl}
          copyLabel="复制设置链接"
        />
      ) : null}
      {rowCall.error ? (
        <Alert type="error" showIcon title={rowCall.error.message} />
      ) : null}
      <TableScroll label="账号表格" minWidth={900}>
        <AccountsTable
          accounts={accounts}
          selfId={selfId}
          onEditRoles={setEditing}
          onSetDisabled={setDisabled}
          onResetFactor={resetFactor}
          onUnlock={unlock}
          onShowSessions={showSessions}
          onLink={setLinking}
        />
      </TableScroll>
      <CreateAccountDialog
        isOpen={isCreating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false)
          setIssued({ ...created, why: '已新建账号' })
          refresh()
        }}
      />
      <RolesDialog
        account={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null)
          refresh()
        }}
      />
      <OidcSubjectDialog
        account={linking}
        onClose={() => setLinking(null)}
        onSaved={() => {
          setLinking(null)
          refresh()
        }}
      />
      <SessionsDialog shown={sessionsOf} onClose={() => setSessionsOf(null)} />
    </ConsolePage>
  )
}
