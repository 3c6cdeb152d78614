import { Button, Result } from 'antd'
import { useRouteLoaderData } from 'react-router'

import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import type { loader as rootLoader } from '#app/root.tsx'

export const handle: RouteHandle = { title: '登录' }

// spec §1: login and registration happen on the external unified identity site.
export default function LoginRoute() {
  const loginUrl =
    useRouteLoaderData<typeof rootLoader>('root')?.clientConfig.externalLoginUrl
  return (
    <div className="portal-panel">
      <Result
        status="info"
        title={<h1 className="portal-result-heading">统一身份认证登录</h1>}
        subTitle="本平台的登录与注册在统一身份认证平台办理，点击下方按钮将在新窗口中打开。"
        extra={
          <Button
            type="primary"
            href={loginUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            前往登录 / 注册
          </Button>
        }
      />
    </div>
  )
}
