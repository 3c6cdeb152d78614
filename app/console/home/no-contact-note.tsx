import { Alert } from 'antd'
import { href, Link } from 'react-router'

// A handler or head with nothing confirmed to send to hears of no deadline: said where they
// start each day, with the way to change it.
export function NoContactNote() {
  return (
    <Alert
      type="warning"
      showIcon
      title="您尚未登记经确认的邮箱或手机号，收不到投诉期限提醒和每日待办"
      description={
        <Link to={`${href('/admin/account')}#reminders`}>
          前往“我的账号”登记邮箱和手机号
        </Link>
      }
      style={{ marginBottom: 16 }}
    />
  )
}
