import { NEWS_CATEGORIES, POLICY_CATEGORIES } from './constants/articles.ts'
import { SIDE_MENU } from './constants/site.ts'
import { TRADE_CATEGORIES } from './constants/trade.ts'

type SiteMapLink = { label: string; to: string }
type SiteMapPage = SiteMapLink & { parts?: SiteMapLink[] }
type SiteMapSection = {
  label: string
  to?: string
  pages: SiteMapPage[]
}

const SECTION_PAGES: Record<string, SiteMapPage[]> = {
  '/index': [
    { label: '新闻动态', to: '/index/new' },
    {
      label: '新闻列表',
      to: '/index/newList',
      parts: NEWS_CATEGORIES.filter((c) => c.key !== 'all').map((c) => ({
        label: c.label,
        to: `/index/newList?category=${c.key}`,
      })),
    },
  ],
  '/business': [
    { label: '交易信息', to: '/business/index' },
    {
      label: '交易列表',
      to: '/business/list',
      parts: TRADE_CATEGORIES.map((c) => ({
        label: c.label,
        to: `/business/list?category=${c.value}`,
      })),
    },
    { label: '监督统计', to: '/business/supervision' },
  ],
  '/complaint': [
    { label: '投诉须知', to: '/complaint/index' },
    { label: '我要投诉', to: '/complaint/apply' },
    { label: '投诉查询', to: '/complaint/search' },
    { label: '投诉处理结果', to: '/complaint/list' },
    { label: '投诉处理情况', to: '/complaint/figures' },
    { label: '意见反馈', to: '/complaint/feedback' },
  ],
  '/policies': [
    { label: '政策法规', to: '/policies/index' },
    {
      label: '政策法规列表',
      to: '/policies/list',
      parts: POLICY_CATEGORIES.map((c) => ({
        label: c.label,
        to: `/policies/list?category=${c.key}`,
      })),
    },
  ],
  // One list: its filters are not pages of their own (its canonical address has none).
  '/credit': [{ label: '信用信息列表', to: '/credit/list' }],
}

/** Each path is checked against the route table (app/features/site/site-map.test.ts). */
export const SITE_MAP: SiteMapSection[] = [
  ...SIDE_MENU.map((item) => ({
    label: item.label,
    to: item.path,
    pages: SECTION_PAGES[item.path] ?? [],
  })),
  {
    label: '公众服务',
    pages: [
      { label: '站内搜索', to: '/search' },
      { label: '下载中心', to: '/download' },
      { label: '常见问题', to: '/faq' },
      { label: '联系我们', to: '/contact' },
      { label: '网站地图', to: '/sitemap' },
      { label: '登录 / 注册', to: '/login' },
      { label: '在线投诉（独立页面）', to: '/complaint-entry' },
    ],
  },
]

export const siteMapPagePaths = (): string[] =>
  SITE_MAP.flatMap((section) =>
    section.pages.flatMap((page) => [
      page.to,
      ...(page.parts ?? []).map((part) => part.to),
    ]),
  )
