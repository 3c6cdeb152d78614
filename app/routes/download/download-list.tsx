import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { DownloadList } from '#app/features/site/download-list.tsx'
import { loadDownloads } from '#app/features/site/load-downloads.ts'

import type { Route } from './+types/download-list'

export function loader({ request, context }: Route.LoaderArgs) {
  return loadDownloads(
    context.get(portalApiContext),
    new URL(request.url).searchParams,
  )
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadDownloads(getBrowserPortalApi(), new URL(request.url).searchParams)
}

export default function DownloadListRoute({
  loaderData,
}: Route.ComponentProps) {
  return <DownloadList {...loaderData} />
}

// The page lists its own entries: their titles are its description.
export function meta(args: Route.MetaArgs) {
  const titles = args.loaderData?.items.map((item) => item.title) ?? []
  return pageMeta(args, {
    title: '下载中心',
    description: titles.length
      ? `下载中心：${titles.join('、')}。`
      : '下载中心：投诉和交易业务所需的表格范本与办事指南。',
    params: ['page'],
  })
}
