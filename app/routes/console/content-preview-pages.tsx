import { useState } from 'react'
import { href } from 'react-router'

import styles from '#app/console/content/content.module.css'
import type { PortalPages } from '#app/console/content/revision-preview.tsx'
import { ArticleView } from '#app/features/articles/article-view.tsx'
import { newsDetailHref } from '#app/features/articles/news-list-query.ts'
import { policyDetailHref } from '#app/features/articles/policy-list-query.ts'
import { QuickLinks } from '#app/features/articles/quick-links.tsx'
import { CreditView } from '#app/features/credit/credit-view.tsx'
import { LinkageView } from '#app/features/projects/linkage-view.tsx'
import { ProjectView } from '#app/features/projects/project-view.tsx'
import { ContactDetails } from '#app/features/site/contact-details.tsx'
import { DOWNLOAD_CATEGORY_ID } from '#common/constants/articles.ts'
import { CONTENT_KIND_CATEGORIES } from '#common/schemas/content/registry.ts'
import type { ContentPublicViewOf } from '#common/schemas/content/workflow.ts'

// The portal's views the preview draws a revision with; a console kind names its page by
// one of these keys (PortalPageKind). Here, not in the console: the console never imports
// the portal's features.

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

function ArticlePage({ view }: { view: ContentPublicViewOf['article'] }) {
  const shape = pageOf(view.categoryId)
  return (
    <ArticleView
      article={view}
      detailHref={shape.detailHref}
      kind={shape.kind}
    />
  )
}

// Tabs switched in place: the address is the preview's, not public.
function ProjectPage({
  view,
  stage,
}: {
  view: ContentPublicViewOf['project']
  stage: string
}) {
  const [shown, setShown] = useState(stage)
  return <ProjectView project={view} stage={shown} onStageChange={setShown} />
}

function HomeLinksPage({ view }: { view: ContentPublicViewOf['homeLinks'] }) {
  return (
    <section aria-labelledby="preview-home-links">
      <h1 id="preview-home-links" className={styles.previewHeading}>
        首页快捷入口
      </h1>
      <QuickLinks links={view.homeLinks} />
    </section>
  )
}

export const PORTAL_PAGES: PortalPages = {
  article: ArticlePage,
  project: ProjectPage,
  linkage: ({ view }) => <LinkageView record={view} />,
  credit: ({ view }) => <CreditView record={view} />,
  homeLinks: HomeLinksPage,
  // The header, top bar and footer around it show the revision's settings too.
  siteSettings: () => <ContactDetails />,
}
