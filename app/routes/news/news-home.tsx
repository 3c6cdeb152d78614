import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { loadNewsHome } from '#app/features/articles/load-news.ts'
import { NewsCarousel } from '#app/features/articles/news-carousel.tsx'
import { NewsTabs } from '#app/features/articles/news-tabs.tsx'
import { QuickLinks } from '#app/features/articles/quick-links.tsx'
import styles from '#app/features/articles/news.module.css'
import { loadTradingToday } from '#app/features/projects/load-trading-today.ts'
import {
  LatestNotices,
  TradingFigures,
  TradingSchedule,
} from '#app/features/projects/trading-today.tsx'
import type { PortalApi } from '#common/portal-api.ts'

import type { Route } from './+types/news-home'

export const handle: RouteHandle = { title: '新闻动态', query: [] }

// The front page: today's trading business first (the projects feature), then the news (the
// articles feature), each loaded by its own feature.
async function loadHome(api: PortalApi) {
  const [news, trading] = await Promise.all([
    loadNewsHome(api),
    loadTradingToday(api),
  ])
  return { ...news, trading }
}

export function loader({ context }: Route.LoaderArgs) {
  return loadHome(context.get(portalApiContext))
}

export function clientLoader() {
  return loadHome(getBrowserPortalApi())
}

export default function NewsHomeRoute({ loaderData }: Route.ComponentProps) {
  const { trading } = loaderData
  return (
    <>
      <h1 className="visually-hidden">首页</h1>
      <TradingFigures summary={trading} />
      <TradingSchedule summary={trading} />
      <LatestNotices summary={trading} />
      <div className={styles.homeGrid}>
        <NewsCarousel items={loaderData.rotation} />
        <NewsTabs tabs={loaderData.tabs} />
      </div>
      <QuickLinks links={loaderData.homeLinks} />
    </>
  )
}

// The front page carries the platform's name alone (spec §2).
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    description:
      '水利工程建设项目今日和本周的开标与报名截止、最新招标和结果公告，招标投标的通知公告、新闻动态和行业动态，以及常用业务系统链接。',
  })
}
