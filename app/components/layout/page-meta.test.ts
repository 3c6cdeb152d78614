import { describe, expect, it } from 'vitest'

import { PLATFORM_NAME } from '#common/constants/site.ts'

import { canonicalUrl, pageMeta, SITE_DESCRIPTION } from './page-meta.ts'

const base = 'https://jd.slt.xinjiang.gov.cn'
const matches = [
  { id: 'root', loaderData: { clientConfig: { publicBaseUrl: base } } },
  { id: 'index/newDetail', loaderData: undefined },
]
const at = (pathname: string, search = '') => ({ pathname, search })

describe('the head of a public page', () => {
  it('gives its own title, description and an absolute canonical link', () => {
    expect(
      pageMeta(
        { location: at('/index/newDetail', '?id=42&from=home'), matches },
        {
          title: '自治区水利厅召开招标投标工作会议',
          description: '  会议要求：\n严格执行招标投标法。 ',
          params: ['id'],
        },
      ),
    ).toEqual([
      { title: `自治区水利厅召开招标投标工作会议 - ${PLATFORM_NAME}` },
      { name: 'description', content: '会议要求： 严格执行招标投标法。' },
      {
        tagName: 'link',
        rel: 'canonical',
        href: `${base}/index/newDetail?id=42`,
      },
    ])
  })

  it('falls back to the platform name and the site description, and cuts a long one', () => {
    const [title, description] = pageMeta({ location: at('/'), matches }, {})
    expect(title).toEqual({ title: PLATFORM_NAME })
    expect(description).toEqual({
      name: 'description',
      content: SITE_DESCRIPTION,
    })
    const long = pageMeta(
      { location: at('/'), matches },
      { description: '水'.repeat(400) },
    )[1] as { content: string }
    expect(long.content).toHaveLength(150)
    expect(long.content.endsWith('…')).toBe(true)
  })

  it('keeps out of the index a page whose loader failed, or that asks to be left out', () => {
    for (const meta of [
      pageMeta({ location: at('/x'), matches, error: new Error('404') }, {}),
      pageMeta({ location: at('/search'), matches }, { isIndexable: false }),
    ]) {
      expect(meta).toContainEqual({ name: 'robots', content: 'noindex' })
      expect(meta.some((tag) => 'rel' in tag)).toBe(false)
    }
  })
})

describe('the canonical address', () => {
  it('keeps only the parameters that choose the content, in the page’s order', () => {
    expect(
      canonicalUrl(
        base,
        at('/policies/list', '?time=7d&page=3&keyword=招标&category=regional'),
        ['category', 'page'],
      ),
    ).toBe(`${base}/policies/list?category=regional&page=3`)
  })

  it('drops page 1, empty values and a trailing slash', () => {
    expect(
      canonicalUrl(base, at('/download/', '?page=1&category='), [
        'category',
        'page',
      ]),
    ).toBe(`${base}/download`)
    expect(canonicalUrl(base, at('/'), [])).toBe(`${base}/`)
  })

  it('never carries a complaint number or a query code', () => {
    expect(
      canonicalUrl(
        base,
        at('/complaint/search', '?complaintNo=202611240001&queryCode=ABC'),
        [],
      ),
    ).toBe(`${base}/complaint/search`)
  })
})
