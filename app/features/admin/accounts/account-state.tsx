import { StatusTag } from '#app/components/ui/status-tag.tsx'

import type { StaffAccount } from '../staff-types.ts'

/** What an account's row says of it: disabled, not set up yet, locked, or in use. */
export function AccountState({ account }: { account: StaffAccount }) {
  if (account.isDisabled) return <StatusTag tone="danger">已停用</StatusTag>
  return (
    <>
      {account.isEnrolled ? (
        <StatusTag tone="success">正常</StatusTag>
      ) : (
        <StatusTag tone="warning">待设置（未完成设置链接）</StatusTag>
      )}
      {account.lockedUntil ? (
        <StatusTag tone="danger">
          锁定至{account.lockedUntil.slice(11, 16)}
        </StatusTag>
      ) : null}
    </>
  )
}
