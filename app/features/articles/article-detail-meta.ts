import {
  detailDescription,
  pageMeta,
} from '#app/components/layout/page-meta.ts'

type ArticleHead = { title: string; summary?: string; withdrawal?: unknown }

export function articleDetailMeta(
  args: Parameters<typeof pageMeta>[0] & {
    loaderData?: { article: ArticleHead }
  },
) {
  const article = args.loaderData?.article
  return pageMeta(args, {
    title: article?.title,
    description: detailDescription(article?.title, article?.summary),
    params: ['id'],
    // A withdrawn item's address stays, saying so, but is no longer a page to find.
    isIndexable: !article?.withdrawal,
  })
}
