import { useState } from 'react'
import { data, href, useRouteLoaderData } from 'react-router'

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
import type { FieldsOf } from '#app/console/content/kinds/kind-form.ts'
import { kindFormOf } from '#app/console/content/kinds/registry.ts'
import { positiveIdOf } from '#app/console/content/content-query.ts'
import {
  PreviewBanner,
  PreviewFrame,
} from '#app/console/content/preview-frame.tsx'
import styles from '#app/console/content/content.module.css'
import { ArticleView } from '#app/features/articles/article-view.tsx'
import { newsDetailHref } from '#app/features/articles/news-list-query.ts'
import { policyDetailHref } from '#app/features/articles/policy-list-query.ts'
import { QuickLinks } from '#app/features/articles/quick-links.tsx'
import { CreditView } from '#app/features/credit/credit-view.tsx'
import { LinkageView } from '#app/features/projects/linkage-view.tsx'
import { ProjectView } from '#app/features/projects/project-view.tsx'
import { ContactDetails } from '#app/features/site/contact-details.tsx'
import { loadFooterGroups } from '#app/features/site/load-footer-groups.ts'
import { DOWNLOAD_CATEGORY_ID } from '#common/constants/articles.ts'
import {
  CONTENT_KIND_CATEGORIES,
  type ContentKind,
} from '#common/schemas/content/registry.ts'
import type {
  ContentPublicViewOf,
  RevisionView,
} from '#common/schemas/content/workflow.ts'

import type { Route } from './+types/content-preview'
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
      page: await previewOf(id, revision),
      footerGroups: await footerGroups,
    }
  })
}

type Preview = {
  [K in ContentKind]: { kind: K; view: ContentPublicViewOf[K]; stage: string }
}[ContentKind]

async function previewOf<K extends ContentKind>(
  id: number,
  revision: RevisionView & { kind: K },
): Promise<Preview> {
  const kind = kindFormOf(revision.kind)
  const fields = revision.fields as FieldsOf<K>
  const view = await contentApi.publicView(
    id,
    revision.revisionNo,
    revision.kind,
  )
  const stage = kind.previewStage?.(view, fields) ?? ''
  // The view is the one of K's own kind: the union of every kind's cannot say so.
  return { kind: revision.kind, view, stage } as Preview
}

// Tabs switched in place: the address is the preview's, not public.
function ProjectPreview({
  view,
  stage,
}: {
  view: ContentPublicViewOf['project']
  stage: string
}) {
  const [shown, setShown] = useState(stage)
  return <ProjectView project={view} stage={shown} onStageChange={setShown} />
}

function PreviewPage({ page }: { page: Preview }) {
  switch (page.kind) {
    case 'project':
    case 'announcement':
      return <ProjectPreview view={page.view} stage={page.stage} />
    case 'linkage':
      return <LinkageView record={page.view} />
    case 'credit':
      return <CreditView record={page.view} />
    case 'homeLinks':
      return (
        <section aria-labelledby="preview-home-links">
          <h1 id="preview-home-links" className={styles.previewHeading}>
            首页快捷入口
          </h1>
          <QuickLinks links={page.view.homeLinks} />
        </section>
      )
    case 'footerLinks':
      return (
        <p className={styles.previewNote}>
          页脚链接显示在本页底部的“友情链接”中：本修订所属的分组为修订后的链接，其他分组为已发布的链接。
        </p>
      )
    case 'dictionary':
      return <DictionaryPreview dictionary={page.view.dictionary} />
    case 'siteSettings':
      // The header, top bar and footer above and below show the revision's settings too.
      return <ContactDetails />
    default: {
      const shape = pageOf(page.view.categoryId)
      return (
        <ArticleView
          article={page.view}
          detailHref={shape.detailHref}
          kind={shape.kind}
        />
      )
    }
  }
}

function DictionaryPreview({
  dictionary,
}: {
  dictionary: ContentPublicViewOf['dictionary']['dictionary']
}) {
  return (
    <table className={styles.previewTable}>
      <caption>
        {dictionary.name}（{dictionary.type}）
      </caption>
      <thead>
        <tr>
          <th scope="col">序号</th>
          <th scope="col">名称</th>
          <th scope="col">取值</th>
        </tr>
      </thead>
      <tbody>
        {dictionary.Table.map((entry, index) => (
          <tr key={entry.Value}>
            <td>{index + 1}</td>
            <td>{entry.Label}</td>
            <td>{entry.Value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function pageOf(categoryId: number) {
  if (categoryId === DOWNLOAD_CATEGORY_ID)
    return {
      kind: 'policy' as const,
      detailHref: (id: number) => `${href('/download/detail')}?id=${id}`,
    }
  if (CONTENT_KIND_CATEGORIES.policy.includes(categoryId))
    return { kind: 'policy' as const, detailHref: policyDetailHref }
  return { kind: 'news' as const, detailHref: newsDetailHref }
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
  const settings = page.kind === 'siteSettings' ? page.view.siteSettings : null
  const footerGroups =
    page.kind === 'footerLinks'
      ? page.view.footerGroups
      : loaderData.footerGroups
  return (
    <SiteSettingsOverride value={settings}>
      <PreviewFrame
        itemId={loaderData.id}
        revisionNo={loaderData.revisionNo}
        loginUrl={settings?.externalLoginUrl ?? config?.externalLoginUrl ?? '#'}
        marks={config?.siteMarks}
        footerGroups={footerGroups}
      >
        <PreviewPage page={page} />
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
