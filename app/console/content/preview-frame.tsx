import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx'
import layout from '#app/components/layout/layout.module.css'
import { SideMenu } from '#app/components/layout/side-menu.tsx'
import { SiteFooter } from '#app/components/layout/site-footer.tsx'
import { SiteHeader } from '#app/components/layout/site-header.tsx'
import { SkipLink } from '#app/components/layout/skip-link.tsx'
import { TopBar } from '#app/components/layout/top-bar.tsx'
import type { FooterLinkGroup } from '#common/schemas/site.ts'
import type { SiteMarks } from '#common/site-marks.ts'

import { contentItemHref } from './content-query.ts'
import styles from './content.module.css'

type Props = {
  itemId: number
  revisionNo: number | null
  loginUrl: string
  marks?: SiteMarks
  footerGroups: FooterLinkGroup[]
  children: ReactNode
}

export function PreviewBanner({
  itemId,
  revisionNo,
}: {
  itemId: number
  revisionNo: number | null
}) {
  return (
    <aside aria-label="预览提示" className={styles.previewBanner}>
      <span>
        <strong>预览</strong>
        ：此页面未公开，仅工作人员可见
        {revisionNo
          ? `；显示的是修订 ${revisionNo} 发布后在公开页面上的样子`
          : ''}
        。
      </span>
      <Link to={contentItemHref(itemId)}>返回内容管理</Link>
    </aside>
  )
}

export function PreviewFrame({
  itemId,
  revisionNo,
  loginUrl,
  marks,
  footerGroups,
  children,
}: Props) {
  return (
    <>
      <SkipLink />
      <PreviewBanner itemId={itemId} revisionNo={revisionNo} />
      <TopBar loginUrl={loginUrl} />
      <SiteHeader />
      <div className={`${layout.inner} ${layout.body}`}>
        <SideMenu />
        <main id="main-content" tabIndex={-1} className={layout.content}>
          <Breadcrumbs />
          {children}
        </main>
      </div>
      <SiteFooter groups={footerGroups} marks={marks} />
    </>
  )
}
