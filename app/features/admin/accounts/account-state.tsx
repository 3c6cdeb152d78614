import { Tag } from 'antd'

import { type StaffAccount } from '../staff-types.ts'

/** What an account's row says of it: disabled, not set up yet, locked, or in use. */
export function AccountState({ account }: { account: StaffAccount }) {
  if (account.isDisabled) return <Tag color="red">已停用</Tag>
  return (
    <>
      {account.isEnrolled ? (
        <Tag color="green">正常</Tag>
      ) : (
        <Tag color="orange">待设置（未完成设置链接）</Tag>
      )}
      {account.lockedUntil ? (
        <Tag color="volcano">锁定至{account.lockedUntil.slice(11, 16)}</Tag>
      ) : null}
    </>
  )
}
