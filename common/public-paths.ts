import {
  DOWNLOAD_CATEGORY_ID,
  POLICY_CATEGORIES,
} from './constants/articles.ts'

/*
 * The public page of each published item, as its canonical address names it: the path and the
 * one parameter that chooses the item (app/components/layout/page-meta.ts keeps no other). The
 * content workflow links an item by it, the feeds and the sitemap list it.
 */

const POLICY_CATEGORY_IDS = new Set(
  POLICY_CATEGORIES.map((c) => Number(c.ctype)),
)

/** An article's page: a policy's, the download centre's, or the news'. */
export function articlePath(id: number, categoryId: number): string {
  if (POLICY_CATEGORY_IDS.has(categoryId)) return `/policies/detail?id=${id}`
  if (categoryId === DOWNLOAD_CATEGORY_ID) return `/download/detail?id=${id}`
  return `/index/newDetail?id=${id}`
}

/** A project's page; with a stage, the tab of that stage's announcement. */
export const projectPath = (id: number, stage?: string): string =>
  stage
    ? `/business/detail?id=${id}&stage=${stage}`
    : `/business/detail?id=${id}`

/** A linkage supervision record's page. */
export const linkagePath = (id: number): string =>
  `/business/linkageDetail?id=${id}`

/** A published complaint decision's page (投诉处理结果). */
export const complaintResultPath = (id: number): string =>
  `/complaint/detail?id=${id}`

/** A public credit record's page (不良行为记录 / 行政处罚公示). */
export const creditPath = (id: number): string => `/credit/detail?id=${id}`
