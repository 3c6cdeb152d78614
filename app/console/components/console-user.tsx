import { Button } from 'antd'
import { useState } from 'react'
import { href, Link, useNavigate } from 'react-router'

import { useAppFeedback } from '#app/components/ui/app-feedback.tsx'

import { signInPath } from '#app/console/api/console-paths.ts'
import styles from './console.module.css'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import type { StaffAccount } from '#app/console/api/staff-types.ts'

export function ConsoleUser({ account }: { account: StaffAccount }) {
  const navigate = useNavigate()
  const { message } = useAppFeedback()
  const [isSigningOut, setSigningOut] = useState(false)

  async function signOut() {
    setSigningOut(true)
    try {
      await staffApi.signOut()
    } catch (error) {
      // A session already over is signed out; anything else keeps the person here, told why.
      if (!(error instanceof StaffApiError && error.isSessionEnded)) {
        setSigningOut(false)
        void message.error(
          error instanceof StaffApiError ? error.message : '退出登录失败',
        )
        return
      }
    }
    void navigate(signInPath(), { replace: true })
  }

  return (
    <div className={styles.user}>
      <p className={styles.person}>
        <span className={styles.personName}>{account.displayName}</span>
        <span className={styles.personRoles}>
          {account.roles.join('、') || '未分配角色'}
        </span>
      </p>
      <nav aria-label="我的账号" className={styles.userLinks}>
        <Link to={`${href('/admin/account')}#password`}>修改密码</Link>
        <Link to={`${href('/admin/account')}#factor`}>重新绑定验证器</Link>
        <Button
          type="link"
          size="small"
          className={styles.signOut}
          loading={isSigningOut}
          onClick={() => void signOut()}
        >
          退出登录
        </Button>
      </nav>
    </div>
  )
}
