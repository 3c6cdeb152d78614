import { Card } from 'antd'

import { ApiTokens } from './api-tokens.tsx'
import { ChangePasswordForm } from './change-password-form.tsx'
import { ContactReminders } from './contact-reminders.tsx'
import { EndOtherSessions } from './end-other-sessions.tsx'
import styles from '#app/console/components/console.module.css'
import {
  ConsolePage,
  type ConsoleSectionProps,
} from '#app/console/components/console-page.tsx'
import { ReenrolFactor } from './reenrol-factor.tsx'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import type { ApiToken, StaffAccount } from '#app/console/api/staff-types.ts'
import { EndedSessionsSchema } from '#common/schemas/staff.ts'
import type { StaffContacts } from '#common/schemas/staff-contacts.ts'

function Section({ id, title, children }: ConsoleSectionProps) {
  return (
    <Card id={id} title={<h2 className={styles.sectionTitle}>{title}</h2>}>
      {children}
    </Card>
  )
}

export function OwnAccount({
  account,
  tokens,
  contacts,
}: {
  account: StaffAccount
  tokens: ApiToken[]
  contacts: StaffContacts
}) {
  return (
    <ConsolePage title="我的账号">
      <p className={styles.pageNote}>
        账号名 {account.accountName}，姓名 {account.displayName}，角色{' '}
        {account.roles.join('、') || '无'}
      </p>
      <Section id="reminders" title="期限提醒">
        <ContactReminders initial={contacts} roles={account.roles} />
      </Section>
      <Section id="password" title="修改密码">
        <ChangePasswordForm />
      </Section>
      <Section id="sessions" title="登录设备">
        <EndOtherSessions
          endOthers={() =>
            staffApi.post('/me/sessions/end-others', EndedSessionsSchema)
          }
        />
      </Section>
      <Section id="factor" title="重新绑定验证器">
        <ReenrolFactor />
      </Section>
      <Section id="tokens" title="个人API令牌">
        <div className={styles.stack}>
          <ApiTokens tokens={tokens} roles={account.roles} />
        </div>
      </Section>
    </ConsolePage>
  )
}
