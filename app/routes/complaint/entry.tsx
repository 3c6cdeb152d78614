import { Button, Result } from 'antd'
import { Link } from 'react-router'

import { PLATFORM_NAME } from '#common/constants.ts'

// spec §2: the online complaint entry stands alone, without the common layout.
export default function ComplaintEntryRoute() {
  return (
    <main style={{ maxWidth: 720, margin: '48px auto', padding: '0 16px' }}>
      <h1 style={{ textAlign: 'center', fontSize: 22 }}>
        {PLATFORM_NAME} · 在线投诉
      </h1>
      <Result
        status="info"
        title="在线投诉功能正在建设中"
        subTitle="在线投诉受理功能即将开放。如需投诉，请拨打服务热线或前往投诉举报栏目了解办理须知。"
        extra={
          <Link to="/complaint/index">
            <Button type="primary">查看投诉须知</Button>
          </Link>
        }
      />
    </main>
  )
}
