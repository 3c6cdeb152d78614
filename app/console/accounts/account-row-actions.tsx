import { Button, Popconfirm } from 'antd'

import type { StaffAccount } from '#app/console/api/staff-types.ts'
import styles from './accounts.module.css'

export type AccountRowCalls = {
  onEditRoles: (account: StaffAccount) => void
  onSetDisabled: (account: StaffAccount, isDisabled: boolean) => Promise<void>
  onResetFactor: (account: StaffAccount) => Promise<void>
  onUnlock: (account: StaffAccount) => Promise<void>
  onShowSessions: (account: StaffAccount) => Promise<void>
  onLink: (account: StaffAccount) => void
}

export function AccountRowActions({
  account,
  isSelf,
  onEditRoles,
  onSetDisabled,
  onResetFactor,
  onUnlock,
  onShowSessions,
  onLink,
}: { account: StaffAccount; isSelf: boolean } & AccountRowCalls) {
  return (
    <span className={styles.actions}>
      <Button size="small" onClick={() => onEditRoles(account)}>
        设置角色
      </Button>
      {isSelf ? null : (
        <Popconfirm
          title={
            account.isDisabled
              ? `启用“${account.displayName}”？`
              : `停用“${account.displayName}”？`
          }
          description={
            account.isDisabled
              ? undefined
              : '停用后其登录会话立即结束，令牌也不能再用。'
          }
          okText={account.isDisabled ? '启用' : '停用'}
          cancelText="取消"
          onConfirm={() => onSetDisabled(account, !account.isDisabled)}
        >
          <Button size="small" danger={!account.isDisabled}>
            {account.isDisabled ? '启用' : '停用'}
          </Button>
        </Popconfirm>
      )}
      <Popconfirm
        title={`重置“${account.displayName}”的验证器？`}
        description="原密码和验证器作废，登录会话结束，并生成新的设置链接。"
        okText="重置"
        cancelText="取消"
        onConfirm={() => onResetFactor(account)}
      >
        <Button size="small">重置验证器</Button>
      </Popconfirm>
      <Popconfirm
        title={`解锁“${account.displayName}”？`}
        description="清除该账号的登录失败计数，因多次输错而等待的登录可立即再试。"
        okText="解锁"
        cancelText="取消"
        onConfirm={() => onUnlock(account)}
      >
        <Button size="small">解锁</Button>
      </Popconfirm>
      <Button size="small" onClick={() => void onShowSessions(account)}>
        登录会话
      </Button>
      <Button size="small" onClick={() => onLink(account)}>
        统一身份认证
      </Button>
    </span>
  )
}
