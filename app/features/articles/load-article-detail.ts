import { data } from 'react-router'

import type { PortalApi } from '#common/portal-api.ts'

// `categoryIds` keeps a section to its own articles: an id from another section is not found.
export async function loadArticleDetail(
  api: PortalApi,
  idParam: string | null,
  categoryIds?: readonly number[],
) {
  const id = Number(idParam)
  if (!Number.isInteger(id) || id <= 0)
    throw data('文章编号无效', { status: 404 })
  const article = await api.articleDetail({ id, ptype: 'jd' })
  if (!article || (categoryIds && !categoryIds.includes(article.categoryId)))
    throw data('文章不存在', { status: 404 })
  return { article }
}
