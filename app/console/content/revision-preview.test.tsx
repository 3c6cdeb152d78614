// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import type { ContentPublicViewOf } from '#common/schemas/content/workflow.ts'
import type { FooterLinkGroup, SiteSettings } from '#common/schemas/site.ts'

import {
  type PortalPages,
  previewFrameOf,
  RevisionPreview,
  type RevisionPreviewPage,
} from './revision-preview.tsx'

afterEach(cleanup)

// The route gives the portal's views; these say which page was drawn and on which stage.
const pageNamed =
  (name: string) =>
  ({ stage }: { stage: string }) => <p>{`${name}（${stage || '无'}）`}</p>
const PORTAL_PAGES: PortalPages = {
  article: pageNamed('文章页'),
  project: pageNamed('项目页'),
  linkage: pageNamed('联动监管页'),
  credit: pageNamed('信用记录页'),
  homeLinks: pageNamed('首页快捷入口'),
  siteSettings: pageNamed('联系方式'),
}

const showPreview = (page: RevisionPreviewPage) =>
  render(<RevisionPreview page={page} portalPages={PORTAL_PAGES} />)

const viewOf = <K extends keyof ContentPublicViewOf>(view: unknown) =>
  view as ContentPublicViewOf[K]

describe('the preview of a revision', () => {
  it('shows each kind on the public page it names, an announcement on its stage', () => {
    showPreview({
      kind: 'announcement',
      view: viewOf<'announcement'>({}),
      stage: 'bidResult',
    })
    expect(screen.getByText('项目页（bidResult）')).toBeTruthy()
    cleanup()
    showPreview({ kind: 'policy', view: viewOf<'policy'>({}), stage: '' })
    expect(screen.getByText('文章页（无）')).toBeTruthy()
    cleanup()
    showPreview({ kind: 'credit', view: viewOf<'credit'>({}), stage: '' })
    expect(screen.getByText('信用记录页（无）')).toBeTruthy()
  })

  it('shows a dictionary as a table of its entries, a footer group as a note', () => {
    showPreview({
      kind: 'dictionary',
      view: viewOf<'dictionary'>({
        dictionary: {
          type: 'project_type',
          name: '项目类型',
          Table: [{ Label: '工程建设', Value: '1' }],
        },
      }),
      stage: '',
    })
    const table = screen.getByRole('table', {
      name: '项目类型（project_type）',
    })
    expect(table.textContent).toContain('工程建设')
    cleanup()
    showPreview({
      kind: 'footerLinks',
      view: viewOf<'footerLinks'>({ footerGroups: [] }),
      stage: '',
    })
    expect(screen.getByText(/页脚链接显示在本页底部/)).toBeTruthy()
  })

  it("puts a settings or footer revision in the page's frame, nothing else", () => {
    const siteSettings = { platformName: '预览平台' } as unknown as SiteSettings
    const footerGroups: FooterLinkGroup[] = []
    expect(
      previewFrameOf({
        kind: 'siteSettings',
        view: { siteSettings },
        stage: '',
      }),
    ).toEqual({ siteSettings })
    expect(
      previewFrameOf({
        kind: 'footerLinks',
        view: { footerGroups },
        stage: '',
      }),
    ).toEqual({ footerGroups })
    expect(
      previewFrameOf({
        kind: 'article',
        view: viewOf<'article'>({}),
        stage: '',
      }),
    ).toEqual({})
  })
})
