// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { SITE_SETTING_DEFAULTS } from '#common/constants/site.ts'
import type { SiteSettings } from '#common/schemas/site.ts'
import type { SiteMarks } from '#common/site-marks.ts'

import { SiteFooter } from './site-footer.tsx'

afterEach(cleanup)

const DEMO_MARKS: SiteMarks = {
  siteIdentifier: '6500000000',
  icpRecord: '新ICP备00000000号',
  psbRecord: '新公网安备65010002000000号',
  conacMarkUrl: '',
}
const CONAC = 'https://bszs.conac.cn/sitename?method=show&id=0A1B2C3D'

function renderFooter(marks?: SiteMarks) {
  const router = createMemoryRouter(
    [{ path: '*', element: <SiteFooter groups={[]} marks={marks} /> }],
    { initialEntries: ['/index/new'] },
  )
  render(<RouterProvider router={router} />)
  return screen.getByRole('contentinfo')
}

/** An outside link opens a new window and hands the new page no opener or referrer. */
function expectOutsideLink(link: HTMLElement, url: string) {
  expect(link.getAttribute('href')).toBe(url)
  expect(link.getAttribute('target')).toBe('_blank')
  expect(link.getAttribute('rel')).toBe('noopener noreferrer')
}

describe('the footer’s marks of a government site', () => {
  it('shows the 网站标识码 as text and links the ICP and 公安 numbers to their filing systems', () => {
    const footer = renderFooter(DEMO_MARKS)
    expect(within(footer).getByText('网站标识码：6500000000')).toBeTruthy()
    expect(
      within(footer).queryByRole('link', { name: /6500000000/ }),
    ).toBeNull()
    expectOutsideLink(
      within(footer).getByRole('link', { name: '新ICP备00000000号' }),
      'https://beian.miit.gov.cn/',
    )
    expectOutsideLink(
      within(footer).getByRole('link', { name: '新公网安备65010002000000号' }),
      'https://beian.mps.gov.cn/#/query/webSearch?code=65010002000000',
    )
  })

  it('shows no 党政机关 mark, and no image at all, when none is configured', () => {
    const footer = renderFooter(DEMO_MARKS)
    expect(within(footer).queryByRole('link', { name: /党政机关/ })).toBeNull()
    expect(within(footer).queryByText('党政机关')).toBeNull()
    expect(footer.querySelectorAll('img, svg')).toHaveLength(0)
  })

  it('shows the 党政机关 mark linking to its verification page when configured', () => {
    const footer = renderFooter({ ...DEMO_MARKS, conacMarkUrl: CONAC })
    const mark = within(footer).getByRole('link', { name: /党政机关/ })
    expectOutsideLink(mark, CONAC)
    expect(mark.textContent).toContain('网站标识核验')
    // Our own drawing, never an image fetched from elsewhere.
    expect(mark.querySelector('img')).toBeNull()
    expect(mark.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
  })

  it('leaves out each number a deployment left empty', () => {
    const footer = renderFooter({
      siteIdentifier: '',
      icpRecord: '新ICP备05000123号-2',
      psbRecord: '',
      conacMarkUrl: '',
    })
    expect(within(footer).queryByText(/网站标识码/)).toBeNull()
    expect(within(footer).queryByText(/公网安备/)).toBeNull()
    expect(
      within(footer).getByRole('link', { name: '新ICP备05000123号-2' }),
    ).toBeTruthy()
  })

  it('links the site map, the download centre and the FAQ on every page', () => {
    const services = within(renderFooter(DEMO_MARKS)).getByRole('navigation', {
      name: '网站服务',
    })
    expect(
      within(services)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['网站地图', '/sitemap'],
      ['下载中心', '/download'],
      ['常见问题', '/faq'],
    ])
  })
})

describe('the footer’s service information', () => {
  /** The footer under the root route, whose data carries the published site settings. */
  async function renderUnderRoot(settings: SiteSettings) {
    const router = createMemoryRouter(
      [
        {
          id: 'root',
          path: '/',
          loader: () => ({ clientConfig: settings }),
          element: <Outlet />,
          children: [
            {
              path: '*',
              element: (
                <SiteFooter
                  groups={[
                    {
                      type: 1,
                      children: [
                        {
                          TITLE: '中华人民共和国水利部',
                          ADDRESS: 'http://www.mwr.gov.cn/',
                        },
                      ],
                    },
                  ]}
                />
              ),
            },
          ],
        },
      ],
      {
        initialEntries: ['/index/new'],
        hydrationData: { loaderData: { root: { clientConfig: settings } } },
      },
    )
    render(<RouterProvider router={router} />)
    return screen.findByRole('contentinfo')
  }

  it('shows the hotline, guidance unit, technical support and platform name the settings publish', async () => {
    const footer = await renderUnderRoot({
      ...SITE_SETTING_DEFAULTS,
      platformName: '水利招标投标监督平台',
      serviceHotline: '0991-4531999',
      guidanceUnit: '新疆维吾尔自治区水利厅',
      technicalSupport: '某信息技术有限公司',
    })
    const hotline = within(footer).getByRole('link', { name: '0991-4531999' })
    expect(hotline.getAttribute('href')).toBe('tel:0991-4531999')
    expect(
      within(footer).getByText('指导单位：新疆维吾尔自治区水利厅'),
    ).toBeTruthy()
    expect(
      within(footer).getByText('技术支持：某信息技术有限公司'),
    ).toBeTruthy()
    expect(within(footer).getByText(/© 水利招标投标监督平台/)).toBeTruthy()
    expect(
      within(footer).queryByText(SITE_SETTING_DEFAULTS.serviceHotline),
    ).toBeNull()
    expect(
      within(footer)
        .getByRole('link', { name: '中华人民共和国水利部' })
        .getAttribute('href'),
    ).toBe('http://www.mwr.gov.cn/')
  })
})
