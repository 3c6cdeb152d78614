import { NEWS_CATEGORIES, POLICY_CATEGORIES } from './articles.ts'
import { TRADE_CATEGORIES, type TradeCategoryValue } from './trade.ts'

export type FeedInfo = {
  /** `/feeds/<name>.rss` and `.atom`: short, ASCII, never renamed (readers keep the address). */
  name: string
  title: string
  description: string
  listPath: string
}

export type ArticleFeed = FeedInfo & { categoryIds: number[] }
export type TradeFeed = FeedInfo & { category: TradeCategoryValue | null }

export const FEED_FORMATS = ['rss', 'atom'] as const
export type FeedFormat = (typeof FEED_FORMATS)[number]

export const FEED_MEDIA_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
}

export const FEED_ITEM_LIMIT = 50

const ids = (ctype: string) => ctype.split(',').map(Number)

/** One feed per tab of the news list; 全部 is 通知公告 and 行业动态 (spec §9), named so. */
export const NEWS_FEEDS: ArticleFeed[] = NEWS_CATEGORIES.map((c) => {
  const title = c.key === 'all' ? '通知公告和行业动态' : c.label
  return {
    name: c.key === 'all' ? 'notice-industry' : c.key,
    title,
    description: `水利工程建设项目招标投标的${title}，最新发布的 ${FEED_ITEM_LIMIT} 条。`,
    listPath:
      c.key === 'all' ? '/index/newList' : `/index/newList?category=${c.key}`,
    categoryIds: ids(c.ctype),
  }
})

/** Every policy: the feed of the policies' overview page. */
export const POLICIES_FEED: ArticleFeed = {
  name: 'policies',
  title: '政策法规',
  description: `国家和自治区的招标投标法律法规、政策解读和接口规范，最新发布的 ${FEED_ITEM_LIMIT} 条。`,
  listPath: '/policies/index',
  categoryIds: POLICY_CATEGORIES.flatMap((c) => ids(c.ctype)),
}

export const POLICY_FEEDS: ArticleFeed[] = [
  POLICIES_FEED,
  ...POLICY_CATEGORIES.map((c) => ({
    name: `policies-${c.key}`,
    title: `政策法规·${c.label}`,
    description: `政策法规栏目的${c.label}，最新发布的 ${FEED_ITEM_LIMIT} 条。`,
    listPath: `/policies/list?category=${c.key}`,
    categoryIds: ids(c.ctype),
  })),
]

const TRADE_FEED_NAMES = {
  1: 'construction',
  2: 'procurement',
  3: 'land',
  4: 'exploration',
  5: 'mining',
  6: 'property',
  7: 'assets',
} as const satisfies Record<TradeCategoryValue, string>

export const TRADE_FEEDS: TradeFeed[] = [
  {
    name: 'trade',
    title: '交易公告',
    description: `各交易类别项目的招标、开标、评标和结果等阶段公告，最新发布的 ${FEED_ITEM_LIMIT} 条。`,
    listPath: '/business/list',
    category: null,
  },
  ...TRADE_CATEGORIES.map((c) => ({
    name: `trade-${TRADE_FEED_NAMES[c.value]}`,
    title: `交易公告·${c.label}`,
    description: `${c.label}项目的各阶段公告，最新发布的 ${FEED_ITEM_LIMIT} 条。`,
    listPath: `/business/list?category=${c.value}`,
    category: c.value,
  })),
]

/** The published credit records, public or archived (never a withdrawn one). */
export const CREDIT_FEED: FeedInfo = {
  name: 'credit',
  title: '信用信息（不良行为记录）',
  description: `投标人、招标代理机构、评标专家和招标人的不良行为记录与行政处罚决定，最新发布的 ${FEED_ITEM_LIMIT} 条。`,
  listPath: '/credit/list',
}

export const FEED_GROUPS: { label: string; feeds: FeedInfo[] }[] = [
  { label: '新闻动态', feeds: NEWS_FEEDS },
  { label: '政策法规', feeds: POLICY_FEEDS },
  { label: '交易公告', feeds: TRADE_FEEDS },
  { label: '信用信息', feeds: [CREDIT_FEED] },
]

export const feedPath = (name: string, format: FeedFormat) =>
  `/feeds/${name}.${format}`

export const newsFeed = (categoryKey: string): FeedInfo | undefined =>
  NEWS_FEEDS[NEWS_CATEGORIES.findIndex((c) => c.key === categoryKey)]

export const policyFeed = (categoryKey: string): FeedInfo | undefined =>
  POLICY_FEEDS.find((f) => f.name === `policies-${categoryKey}`)

export const tradeFeed = (category: number | null): FeedInfo | undefined =>
  TRADE_FEEDS.find((f) => f.category === category)

export const feedsOf = (...feeds: (FeedInfo | undefined)[]): FeedInfo[] => [
  ...new Set(feeds.filter((feed) => feed !== undefined)),
]
