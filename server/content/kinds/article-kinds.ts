import { ARTICLE_CATEGORY_NAMES } from '#common/constants/articles.ts'
import {
  ArticleFieldsSchema,
  type ArticleFields,
  PolicyFieldsSchema,
  type PolicyFields,
} from '#common/schemas/content/article-fields.ts'
import { articlePath } from '#common/public-paths.ts'
import { toArticleDetail } from '#server/articles/article-detail.ts'
import { findArticleFacts } from '#server/articles/article-repository.ts'
import {
  insertArticleFiles,
  insertArticleImages,
} from '#server/articles/article-write-repository.ts'
import {
  type ArticleInput,
  bodyImageFileIds,
  prepareArticle,
  prepareArticleOffLoop,
  publishArticle,
  withdrawArticle,
  writeArticles,
} from '#server/articles/article-writer.ts'
import { sanitizeArticleHtmlOffLoop } from '#server/articles/sanitize-article-html.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'

import type {
  ContentKindDefinition,
  ContentPublisher,
  ReadableField,
} from './kind-definition.ts'
import {
  bodyImagesReadable,
  filesReadable,
  htmlToParagraphs,
} from './readable-text.ts'

type AnyArticleFields = ArticleFields | PolicyFields

const isPolicyFields = (fields: AnyArticleFields): fields is PolicyFields =>
  'issuingBody' in fields

function articleInput(
  fields: AnyArticleFields,
  publishedAt: Date,
  correction: { note: string } | null,
): ArticleInput {
  const common = {
    categoryId: fields.categoryId,
    title: fields.title,
    content: fields.content,
    // Empty: the writer takes the first sentences of the body.
    summary: fields.summary || undefined,
    source: fields.source,
    publishTime: publishedAt,
    ...(correction
      ? { correction: { at: publishedAt, note: correction.note } }
      : {}),
  }
  if (isPolicyFields(fields))
    return {
      ...common,
      issuingBody: fields.issuingBody,
      documentNumber: fields.documentNumber,
      issuedDate: fields.issuedDate,
      effectiveDate: fields.effectiveDate,
    }
  return {
    ...common,
    author: fields.author,
    coverFileId: fields.coverFileId,
    isRotation: fields.isRotation,
  }
}

// Articles and policies share the article table, its pages and its writer.
const articlePublisher: ContentPublisher<AnyArticleFields> = {
  async publish(db, input) {
    const row = await prepareArticleOffLoop(
      articleInput(input.fields, input.publishedAt, input.correction),
      input.publishedAt,
    )
    return publishArticle(db, {
      id: input.publicId,
      row,
      isFirstPublication: input.isFirstPublication,
      attachmentIds: input.fields.attachments,
      imageIds: bodyImageFileIds(row.content),
    })
  },

  withdraw: withdrawArticle,

  async publishMany(db, entries) {
    const rows = entries.map(({ fields, publishedAt }) =>
      prepareArticle(articleInput(fields, publishedAt, null), publishedAt),
    )
    const ids = await writeArticles(db, rows)
    await insertArticleFiles(
      db,
      entries.flatMap(({ fields }, i) =>
        fields.attachments.map((fileId, sort) => ({
          articleId: ids[i]!,
          fileId,
          sort,
        })),
      ),
    )
    await insertArticleImages(
      db,
      rows.flatMap((row, i) =>
        bodyImageFileIds(row.content).map((fileId) => ({
          articleId: ids[i]!,
          fileId,
        })),
      ),
    )
    return ids
  },

  async preview(db, { publicId, fields, publishAt, correction, files }) {
    const facts =
      publicId === null ? null : await findArticleFacts(db, publicId)
    const row = await prepareArticleOffLoop(
      articleInput(fields, publishAt, correction),
      publishAt,
    )
    const file = (id: string) => files.get(id)
    const cover =
      'coverFileId' in fields && fields.coverFileId
        ? file(fields.coverFileId)
        : undefined
    const shownCorrection = correction
      ? { correctedAt: toShanghaiText(publishAt), note: correction.note }
      : facts?.correctedAt
        ? { correctedAt: facts.correctedAt, note: facts.correctionNote }
        : null
    return toArticleDetail({
      id: publicId ?? 0,
      title: row.title,
      summary: row.summary ?? '',
      content: row.content,
      source: row.source ?? '',
      author: row.author ?? '',
      views: facts?.views ?? 0,
      categoryId: row.categoryId,
      // A later revision keeps the time of the first publication, as the public page does.
      publishTime: facts?.publishTime ?? row.publishTime,
      coverId: cover?.id ?? null,
      coverName: cover?.name ?? null,
      issuingBody: row.issuingBody ?? '',
      documentNumber: row.documentNumber ?? '',
      issuedDate: row.issuedDate ?? null,
      effectiveDate: row.effectiveDate ?? null,
      correctedAt: shownCorrection?.correctedAt ?? null,
      correctionNote: shownCorrection?.note ?? '',
      files: fields.attachments.flatMap((id) => file(id) ?? []),
      prev: null,
      next: null,
    })
  },
}

function commonReadable(
  fields: AnyArticleFields,
  fileName: (id: string) => string,
) {
  return {
    categoryId: {
      field: 'categoryId',
      label: '栏目',
      text: ARTICLE_CATEGORY_NAMES[fields.categoryId] ?? '',
    },
    title: { field: 'title', label: '标题', text: fields.title },
    summary: { field: 'summary', label: '摘要', text: fields.summary },
    content: {
      field: 'content',
      label: '正文',
      text: htmlToParagraphs(fields.content),
    },
    source: { field: 'source', label: '来源', text: fields.source },
    contentImages: bodyImagesReadable(fields.content, fileName),
    attachments: filesReadable(
      'attachments',
      '附件',
      fields.attachments,
      fileName,
    ),
  } satisfies Record<string, ReadableField>
}

const normalizeHtml = async <F extends AnyArticleFields>(
  fields: F,
): Promise<F> => ({
  ...fields,
  content: await sanitizeArticleHtmlOffLoop(fields.content),
})

const articleFiles = (fields: AnyArticleFields, cover: string | null) => ({
  attachments: fields.attachments,
  cover,
  images: bodyImageFileIds(fields.content),
})

const listing = (fields: AnyArticleFields) => ({
  title: fields.title,
  categoryId: fields.categoryId,
})

// 通知公告, 新闻动态, 行业动态 (/index/newDetail) and the 下载中心 (/download/detail).
export const articleKind: ContentKindDefinition<ArticleFields> = {
  kind: 'article',
  schema: ArticleFieldsSchema,
  normalize: normalizeHtml,
  listing,
  files: (fields) => articleFiles(fields, fields.coverFileId),
  readable(fields, fileName) {
    const c = commonReadable(fields, fileName)
    return [
      c.categoryId,
      c.title,
      c.summary,
      c.content,
      c.contentImages,
      c.source,
      { field: 'author', label: '作者', text: fields.author },
      filesReadable(
        'coverFileId',
        '封面图片',
        fields.coverFileId ? [fields.coverFileId] : [],
        fileName,
        () => true,
      ),
      {
        field: 'isRotation',
        label: '首页轮播',
        text: fields.isRotation ? '是' : '否',
      },
      c.attachments,
    ]
  },
  publicPath: (publicId, fields) => articlePath(publicId, fields.categoryId),
  publisher: articlePublisher as ContentPublisher<ArticleFields>,
}

// 政策法规 (/policies/detail): with 发布机关, 文号, 发布日期 and 施行日期.
export const policyKind: ContentKindDefinition<PolicyFields> = {
  kind: 'policy',
  schema: PolicyFieldsSchema,
  normalize: normalizeHtml,
  listing,
  files: (fields) => articleFiles(fields, null),
  readable(fields, fileName) {
    const c = commonReadable(fields, fileName)
    return [
      c.categoryId,
      c.title,
      { field: 'issuingBody', label: '发布机关', text: fields.issuingBody },
      {
        field: 'documentNumber',
        label: '文号',
        text: fields.documentNumber,
      },
      {
        field: 'issuedDate',
        label: '发布日期',
        text: fields.issuedDate ?? '',
      },
      {
        field: 'effectiveDate',
        label: '施行日期',
        text: fields.effectiveDate ?? '',
      },
      c.summary,
      c.content,
      c.contentImages,
      c.source,
      c.attachments,
    ]
  },
  publicPath: (publicId, fields) => articlePath(publicId, fields.categoryId),
  publisher: articlePublisher as ContentPublisher<PolicyFields>,
}
