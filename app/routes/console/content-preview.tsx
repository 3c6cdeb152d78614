import { data, useRouteLoaderData } from 'react-router'

import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { SiteSettingsOverride } from '#app/components/layout/site-settings.ts'
import { ConsoleFrame } from '#app/console/components/console-frame.tsx'
import { consoleMeta } from '#app/console/components/console-meta.ts'
import {
  ConsoleError,
  ConsoleLoading,
} from '#app/console/components/console-page.tsx'
import { loadOrRefuse } from '#app/console/api/console-refusal.ts'
import { requireConsoleSession } from '#app/console/api/console-session.ts'
import { contentApi } from '#app/console/content/content-api.ts'
import { contentTitleOf } from '#app/console/content/content-form-values.ts'
import { positiveIdOf } from '#app/console/content/content-query.ts'
import {
  PreviewBanner,
  PreviewFrame,
} from '#app/console/content/preview-frame.tsx'
import {
  previewFrameOf,
  RevisionPreview,
  revisionPreviewOf,
} from '#app/console/content/revision-preview.tsx'
import { loadFooterGroups } from '#app/features/site/load-footer-groups.ts'

import type { Route } from './+types/content-preview'
import { PORTAL_PAGES } from './content-preview-pages.tsx'
import type { loader as rootLoader } from '#app/root.tsx'

export const handle: RouteHandle = { title: '预览' }

// Only signed-in staff: the session is read first, as on every console page; the revision
// comes from the staff API (GET …/public-view), never from the public one.
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  requireConsoleSession,
]

const NOT_FOUND = { message: '预览地址无效，请从内容管理打开预览' }

export async function clientLoader({
  request,
  params,
}: Route.ClientLoaderArgs) {
  const id = positiveIdOf(params.id)
  const revisionNo = positiveIdOf(params.revisionNo)
  if (!id || !revisionNo) throw data(NOT_FOUND, { status: 404 })
  // The footer's links are public: read as a visitor's page reads them, none if that fails.
  const footerGroups = Promise.resolve()
    .then(() => loadFooterGroups(getBrowserPortalApi()))
    .catch(() => [])
  return loadOrRefuse(request, async () => {
    // The revision says its kind, and so the shape of its public page.
    const revision = await contentApi.revision(id, revisionNo)
    return {
      id,
      revisionNo,
      title: contentTitleOf(revision),
      page: await revisionPreviewOf(id, revision),
      footerGroups: await footerGroups,
    }
  })
}

function usePortalConfig() {
  return useRouteLoaderData<typeof rootLoader>('root')?.clientConfig
}

export function HydrateFallback({ params }: Route.HydrateFallbackProps) {
  const config = usePortalConfig()
  return (
    <PreviewFrame
      itemId={positiveIdOf(params.id) ?? 0}
      revisionNo={positiveIdOf(params.revisionNo)}
      loginUrl={config?.externalLoginUrl ?? '#'}
      marks={config?.siteMarks}
      footerGroups={[]}
    >
      <ConsoleLoading />
    </PreviewFrame>
  )
}

// Under /admin, so the server never caches it and says noindex; the page's CSP is the portal's.
export default function ContentPreviewRoute({
  loaderData,
}: Route.ComponentProps) {
  const config = usePortalConfig()
  const { page } = loaderData
  // A revision of the settings or of a footer group shows on every page: the whole frame
  // takes it (the header and footer's settings, the footer's groups).
  const frame = previewFrameOf(page)
  const settings = frame.siteSettings ?? null
  const footerGroups = frame.footerGroups ?? loaderData.footerGroups
  return (
    <SiteSettingsOverride value={settings}>
      <PreviewFrame
        itemId={loaderData.id}
        revisionNo={loaderData.revisionNo}
        loginUrl={settings?.externalLoginUrl ?? config?.externalLoginUrl ?? '#'}
        marks={config?.siteMarks}
        footerGroups={footerGroups}
      >
        <RevisionPreview page={page} portalPages={PORTAL_PAGES} />
      </PreviewFrame>
    </SiteSettingsOverride>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  return consoleMeta(loaderData ? `预览：${loaderData.title}` : '预览')
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const id = positiveIdOf(params.id)
  return (
    <>
      {id ? <PreviewBanner itemId={id} revisionNo={null} /> : null}
      <ConsoleFrame account={null}>
        <ConsoleError error={error} />
      </ConsoleFrame>
    </>
  )
}
