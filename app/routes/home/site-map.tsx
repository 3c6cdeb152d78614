import { pageMeta } from '#app/components/layout/page-meta.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { SiteMapView } from '#app/features/site/site-map-view.tsx'
import {
  NEWS_FEEDS,
  POLICY_FEEDS,
  TRADE_FEEDS,
} from '#common/constants/feeds.ts'

import type { Route } from './+types/site-map'

export const handle: RouteHandle = { title: '网站地图', query: [] }

export default function SiteMapRoute() {
  return <SiteMapView />
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '网站地图',
    description:
      '网站地图：首页、项目信息、投诉举报、政策法规各栏目及其页面，站内搜索、下载中心、常见问题和联系我们，以及各栏目的 RSS 和 Atom 信息订阅。',
    // The widest feed of each section; each list page announces its own.
    feeds: [NEWS_FEEDS[0]!, POLICY_FEEDS[0]!, TRADE_FEEDS[0]!],
  })
}
