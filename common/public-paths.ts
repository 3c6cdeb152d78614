import {
  DOWNLOAD_CATEGORY_ID,
  POLICY_CATEGORIES,
} from './constants/articles.ts'

// Canonical addresses: the path and the one parameter that chooses the item
// (app/components/layout/page-meta.ts keeps no other).

const POLICY_CATEGORY_IDS = new Set(
  POLICY_CATEGORIES.map((c) => Number(c.ctype)),
)

export function articlePath(id: number, categoryId: number): string {
  if (POLICY_CATEGORY_IDS.has(categoryId)) return `/policies/detail?id=${id}`
  if (categoryId === DOWNLOAD_CATEGORY_ID) return `/download/detail?id=${id}`
  return `/index/newDetail?id=${id}`
}

export const projectPath = (id: number, stage?: string): string =>
  stage
    ? `/business/detail?id=${id}&stage=${stage}`
    : `/business/detail?id=${id}`

export const linkagePath = (id: number): string =>
  `/business/linkageDetail?id=${id}`

export const complaintResultPath = (id: number): string =>
  `/complaint/detail?id=${id}`

export const creditPath = (id: number): string => `/credit/detail?id=${id}`
