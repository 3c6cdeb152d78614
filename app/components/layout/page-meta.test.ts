import { describe, expect, it } from 'vitest'

import { newsFeed } from '#common/constants/feeds.ts'
import { PLATFORM_NAME, SITE_SETTING_DEFAULTS } from '#common/constants/site.ts'
import type { SiteSettings } from '#common/schemas/site.ts'

import {
  canonicalUrl,
  detailDescription,
  pageMeta,
  SITE_DESCRIPTION,
} from './page-meta.ts'

const base = 'https://jd.slt.xinjiang.gov.cn'
const rootWith = (settings: Partial<SiteSettings> = {}) => ({
  id: 'root',
  loaderData: {
    clientConfig: {
      publicBaseUrl: base,
      ...SITE_SETTING_DEFAULTS,
      ...settings,
    },
  },
})
const matches = [rootWith(), { id: 'index/newDetail', loaderData: undefined }]
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

  it('names the platform and its guidance unit as the published site settings do', () => {
    const renamed = [
      rootWith({
        platformName: '水利招标投标监督平台',
        guidanceUnit: '水利厅',
      }),
    ]
    const [title, description] = pageMeta(
      { location: at('/contact'), matches: renamed },
      { title: '联系我们' },
    )
    expect(title).toEqual({ title: '联系我们 - 水利招标投标监督平台' })
    expect(description).toEqual({
      name: 'description',
      content: expect.stringMatching(/^水利招标投标监督平台由水利厅主办/),
    })
  })

  it('announces the feeds of a list in RSS and Atom with absolute addresses', () => {
    const meta = pageMeta(
      { location: at('/index/newList', '?category=notice'), matches },
      { title: '通知公告', params: ['category'], feeds: [newsFeed('notice')!] },
    )
    expect(
      meta.filter((tag) => 'rel' in tag && tag.rel === 'alternate'),
    ).toEqual([
      {
        tagName: 'link',
        rel: 'alternate',
        type: 'application/rss+xml',
        title: '通知公告（RSS）',
        href: `${base}/feeds/notice.rss`,
      },
      {
        tagName: 'link',
        rel: 'alternate',
        type: 'application/atom+xml',
        title: '通知公告（Atom）',
        href: `${base}/feeds/notice.atom`,
      },
    ])
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

describe('a detail page’s description', () => {
  it('is the summary when it says enough, and leads a short one with the title', () => {
    const long =
      '自治区水利厅决定于2026年12月开展全区水利工程建设项目招标投标专项检查，请各地州市水利局做好自查。'
    expect(detailDescription('关于开展专项检查的通知', long)).toBe(long)
    expect(detailDescription('关于防汛值班的通知', '汛期值班安排值班表')).toBe(
      '关于防汛值班的通知：汛期值班安排值班表',
    )
    expect(detailDescription('投诉书格式文本', '')).toBe('投诉书格式文本')
    expect(detailDescription(undefined, undefined)).toBeUndefined()
  })
})
