// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { ContentFigures } from './content-figures.tsx'
import { PreviewBanner } from './preview-frame.tsx'

afterEach(cleanup)

const renderAt = (element: React.ReactNode) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/admin', element }], {
        initialEntries: ['/admin'],
      })}
    />,
  )

describe('the content figures of the console home', () => {
  it('links each figure to the list of what it counts', () => {
    renderAt(
      <ContentFigures
        figures={{ submitted: 3, returnedToMe: 1, myDrafts: 0, scheduled: 2 }}
      />,
    )
    expect(screen.getByRole('heading', { name: '内容待办' })).toBeTruthy()
    const links = screen.getAllByRole('link')
    expect(
      links.map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['待审核：3条', '/admin/content?queue=submitted'],
      ['退回给我的：1条', '/admin/content?queue=returned'],
      ['我的草稿：0条', '/admin/content?queue=draft'],
      ['定时发布：2条', '/admin/content?queue=scheduled'],
    ])
  })
})

describe('the preview banner', () => {
  it('says the page is a preview no visitor sees, and leads back to the item', () => {
    renderAt(<PreviewBanner itemId={41} revisionNo={3} />)
    const banner = screen.getByRole('complementary', { name: '预览提示' })
    expect(banner.textContent).toBe(
      '预览：此页面未公开，仅工作人员可见；显示的是修订 3 发布后在公开页面上的样子。返回内容管理',
    )
    expect(
      screen.getByRole('link', { name: '返回内容管理' }).getAttribute('href'),
    ).toBe('/admin/content/41')
  })
})
