import { data } from 'react-router'

import { ErrorPage } from '#app/components/ui/error-page.tsx'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'

import type { Route } from './+types/not-found'

export const handle: RouteHandle = { title: '页面不存在' }

// A real not-found page: the status tells search engines and tools too.
export const loader = () => data(null, { status: 404 })
export const clientLoader = () => null

export default function NotFoundRoute() {
  return (
    <div className="portal-panel">
      <ErrorPage status={404} />
    </div>
  )
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '页面不存在',
    description: '您访问的页面不存在或已被删除。',
    isIndexable: false,
  })
}
