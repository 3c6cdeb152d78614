import { Button, Result } from 'antd'

import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import {
  siteSettingsOf,
  useSiteSettings,
} from '#app/components/layout/site-settings.ts'

import type { Route } from './+types/login'

export const handle: RouteHandle = { title: '登录', query: [] }

// spec §1: login and registration happen on the external unified identity site.
export default function LoginRoute() {
  const loginUrl = useSiteSettings().externalLoginUrl
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

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '登录',
    description: `${siteSettingsOf(args.matches).platformName}的登录与注册在统一身份认证平台办理，点击“前往登录 / 注册”在新窗口中打开。`,
  })
}
