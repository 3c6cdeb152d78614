import { StatusTag } from '#app/components/ui/status-tag.tsx'

import type { StaffAccount } from '#app/console/api/staff-types.ts'

export function AccountState({ account }: { account: StaffAccount }) {
  if (account.isDisabled) return <StatusTag tone="danger">已停用</StatusTag>
  const isLinked = account.oidcSubject !== null
  return (
    <>
      {account.isEnrolled ? (
        <StatusTag tone="success">正常</StatusTag>
      ) : isLinked ? (
        <StatusTag tone="info">未设置密码，可用统一身份认证登录</StatusTag>
      ) : (
        <StatusTag tone="warning">待设置（未完成设置链接）</StatusTag>
      )}
      {isLinked && account.isEnrolled ? (
        <StatusTag tone="info">已关联统一身份认证</StatusTag>
      ) : null}
      {account.failedSignIns > 0 ? (
        <StatusTag tone="warning">
          上次登录后登录失败{account.failedSignIns}次
        </StatusTag>
      ) : null}
    </>
  )
}
