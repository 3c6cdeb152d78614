import { Result } from 'antd'

import { ALERT_MESSAGES } from '#common/constants/alerts.ts'

// Cut short or changed in copying.
export function BrokenLink() {
  return (
    <Result
      status="warning"
      title={<h1 className="portal-result-heading">链接不完整</h1>}
      subTitle={ALERT_MESSAGES.brokenLink}
    />
  )
}
