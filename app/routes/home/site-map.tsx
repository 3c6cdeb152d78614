import { pageMeta } from '#app/components/layout/page-meta.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { SiteMapView } from '#app/features/site/site-map-view.tsx'

import type { Route } from './+types/site-map'

export const handle: RouteHandle = { title: '网站地图' }

export default function SiteMapRoute() {
  return <SiteMapView />
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '网站地图',
    description:
      '网站地图：首页、项目信息、投诉举报、政策法规各栏目及其页面，以及站内搜索、下载中心、常见问题和联系我们。',
  })
}
