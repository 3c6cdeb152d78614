import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { loadNewsHome } from '#app/features/articles/load-news.ts'
import { NewsCarousel } from '#app/features/articles/news-carousel.tsx'
import { NewsTabs } from '#app/features/articles/news-tabs.tsx'
import { QuickLinks } from '#app/features/articles/quick-links.tsx'
import styles from '#app/features/articles/news.module.css'

import type { Route } from './+types/news-home'

export const handle: RouteHandle = { title: '新闻动态' }

export function loader({ context }: Route.LoaderArgs) {
  return loadNewsHome(context.get(portalApiContext))
}

export function clientLoader() {
  return loadNewsHome(getBrowserPortalApi())
}

export default function NewsHomeRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="visually-hidden">新闻动态</h1>
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
      '水利工程建设项目招标投标的通知公告、新闻动态和行业动态，以及常用业务系统链接。',
  })
}
