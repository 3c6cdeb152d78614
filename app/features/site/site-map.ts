import { href } from 'react-router'

import {
  NEWS_CATEGORIES,
  POLICY_CATEGORIES,
} from '#common/constants/articles.ts'
import { SIDE_MENU } from '#common/constants/site.ts'
import { TRADE_CATEGORIES } from '#common/constants/trade.ts'

type SiteMapLink = { label: string; to: string }
export type SiteMapPage = SiteMapLink & { parts?: SiteMapLink[] }
/** A section: a side-menu entry links to its own page; the service pages are a plain group. */
export type SiteMapSection = {
  label: string
  to?: string
  pages: SiteMapPage[]
}

/** The pages of each side-menu section (spec §2 route table), with their own lists' parts. */
const SECTION_PAGES: Record<string, SiteMapPage[]> = {
  [href('/index')]: [
    { label: '新闻动态', to: href('/index/new') },
    {
      label: '新闻列表',
      to: href('/index/newList'),
      parts: NEWS_CATEGORIES.filter((c) => c.key !== 'all').map((c) => ({
        label: c.label,
        to: `${href('/index/newList')}?category=${c.key}`,
      })),
    },
  ],
  [href('/business')]: [
    { label: '交易信息', to: href('/business/index') },
    {
      label: '交易列表',
      to: href('/business/list'),
      parts: TRADE_CATEGORIES.map((c) => ({
        label: c.label,
        to: `${href('/business/list')}?category=${c.value}`,
      })),
    },
  ],
  [href('/complaint')]: [
    { label: '投诉须知', to: href('/complaint/index') },
    { label: '我要投诉', to: href('/complaint/apply') },
    { label: '投诉查询', to: href('/complaint/search') },
    { label: '投诉处理结果', to: href('/complaint/list') },
    { label: '意见反馈', to: href('/complaint/feedback') },
  ],
  [href('/policies')]: [
    { label: '政策法规', to: href('/policies/index') },
    {
      label: '政策法规列表',
      to: href('/policies/list'),
      parts: POLICY_CATEGORIES.map((c) => ({
        label: c.label,
        to: `${href('/policies/list')}?category=${c.key}`,
      })),
    },
  ],
}

/**
 * The site map: the side menu's sections in its order with their pages, then the pages every
 * visitor can reach from the header and footer. Detail pages are reached from their lists.
 */
export const SITE_MAP: SiteMapSection[] = [
  ...SIDE_MENU.map((item) => ({
    label: item.label,
    to: item.path,
    pages: SECTION_PAGES[item.path] ?? [],
  })),
  {
    label: '公众服务',
    pages: [
      { label: '站内搜索', to: href('/search') },
      { label: '下载中心', to: href('/download') },
      { label: '常见问题', to: href('/faq') },
      { label: '联系我们', to: href('/contact') },
      { label: '网站地图', to: href('/sitemap') },
      { label: '登录 / 注册', to: href('/login') },
      { label: '在线投诉（独立页面）', to: href('/complaint-entry') },
    ],
  },
]
