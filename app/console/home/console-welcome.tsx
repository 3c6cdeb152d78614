import { Card, Tag } from 'antd'
import type { ReactNode } from 'react'
import { href, Link } from 'react-router'

import { menuFor } from '#app/console/components/console-menu.ts'
import { CONSOLE_HOME } from '#app/console/api/console-paths.ts'
import { ConsolePage } from '#app/console/components/console-page.tsx'
import styles from './console-welcome.module.css'
import type { StaffAccount } from '#app/console/api/staff-types.ts'

export function ConsoleWelcome({
  account,
  children,
}: {
  account: StaffAccount
  children?: ReactNode
}) {
  // The home page itself (工作台) is where the person is: not offered again.
  const entries = menuFor(account.roles).filter(
    (entry) => entry.to !== CONSOLE_HOME,
  )
  return (
    <ConsolePage title={`欢迎，${account.displayName}`}>
      <p className={styles.roles}>
        您的角色：
        {account.roles.length > 0
          ? account.roles.map((role) => <Tag key={role}>{role}</Tag>)
          : '未分配角色，请联系系统管理员'}
      </p>
      {children}
      {entries.length > 0 ? (
        <ul className={styles.entries}>
          {entries.map((entry) => (
            <li key={entry.to}>
              <Card
                size="small"
                className={styles.entry}
                title={
                  entry.isReady ? (
                    <Link to={entry.to}>{entry.label}</Link>
                  ) : (
                    <span>
                      {entry.label}
                      <Tag className={styles.pending}>建设中</Tag>
                    </span>
                  )
                }
              >
                {entry.description}
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <p>您的角色暂无可用的管理功能，请联系系统管理员分配角色。</p>
      )}
      <p className={styles.security}>
        账号安全：可在
        <Link to={href('/admin/account')}>我的账号</Link>
        中修改密码、重新绑定验证器、管理个人API令牌。
      </p>
    </ConsolePage>
  )
}
