import { Result } from 'antd'

import { ALERT_MESSAGES } from '#common/constants/alerts.ts'

/** A mailed link cut short or changed in copying: it names no token at all. */
export function BrokenLink() {
  return (
    <Result
      status="warning"
      title={<h1 className="portal-result-heading">链接不完整</h1>}
      subTitle={ALERT_MESSAGES.brokenLink}
    />
  )
}
