import type { Kysely } from 'kysely'

import { CONTENT_REFUSALS } from '#common/constants/content.ts'
import {
  TRADE_STAGES,
  tradeCategory,
  type TradeStageKey,
} from '#common/constants/trade.ts'
import { bodyImageFileIds } from '#server/articles/article-writer.ts'
import { sanitizeArticleHtmlOffLoop } from '#server/articles/sanitize-article-html.ts'
import type { Database } from '#server/db/schema.ts'
import { findProjectFacts } from '#server/projects/project-content-repository.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'

import type { FileFacts, ReadableField } from './kind-definition.ts'
import {
  bodyImagesReadable,
  filesReadable,
  htmlToParagraphs,
} from './readable-text.ts'

// The project must be on the public side when an announcement or record naming it is approved.

export const stageLabel = (stage: string) =>
  TRADE_STAGES[stage as TradeStageKey] ?? stage

// A later revision that is no correction writes neither, so the last correction stays.
function correctionColumns(
  correction: { note: string } | null,
  publishedAt: Date,
) {
  return correction
    ? {
        correctedAt: toShanghaiText(publishedAt),
        correctionNote: correction.note,
      }
    : {}
}

export function shownCorrection(
  correction: { note: string } | null,
  publishAt: Date,
  stored: { correctedAt?: string | null; correctionNote?: string } | undefined,
) {
  if (correction)
    return {
      correctedAt: toShanghaiText(publishAt),
      correctionNote: correction.note,
    }
  return {
    correctedAt: stored?.correctedAt ?? null,
    correctionNote: stored?.correctionNote ?? '',
  }
}

export async function projectOrRefuse(db: Kysely<Database>, projectId: number) {
  const project = await findProjectFacts(db, projectId)
  if (!project) throw new Refusal(400, '所属项目不存在，请选择已发布的项目')
  return project
}

// The stage must be one of the project's category's tab set (spec §9).
export function checkStage(category: number, stage: string) {
  const known = tradeCategory(category)
  if (!known) throw new Refusal(400, '所属项目的交易类别无效')
  if (!(known.stages as readonly string[]).includes(stage))
    throw new Refusal(
      400,
      `${known.label}项目没有「${stageLabel(stage)}」环节，可选环节：${known.stages.map(stageLabel).join('、')}`,
    )
}

// On the public side now: an announcement or record is published only with its project.
export async function publishedProjectOrRefuse(
  db: Kysely<Database>,
  projectId: number,
) {
  const project = await findProjectFacts(db, projectId)
  if (!project || project.withdrawnAt)
    throw new Refusal(409, CONTENT_REFUSALS.projectNotPublished)
  return project
}

export async function publishedCategories(
  db: Kysely<Database>,
  projectIds: number[],
): Promise<Map<number, number>> {
  const ids = [...new Set(projectIds)]
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('project')
          .select(['id', 'category'])
          .where('id', 'in', ids)
          .where('withdrawnAt', 'is', null)
          .execute()
  const categories = new Map(rows.map((row) => [row.id, row.category]))
  const missing = ids.find((id) => !categories.has(id))
  if (missing !== undefined)
    throw new Error(`project ${missing} is not on the public side`)
  return categories
}

type BodyFields = { content: string; attachments: string[] }

const bodyFiles = (fields: BodyFields) => ({
  attachments: fields.attachments,
  images: bodyImageFileIds(fields.content),
})

// An announcement's or a record's body is article HTML, kept with its images and attachments.
export const htmlBodyParts = {
  normalize: async <F extends BodyFields>(fields: F): Promise<F> => ({
    ...fields,
    content: await sanitizeArticleHtmlOffLoop(fields.content),
  }),
  files: (fields: BodyFields) => ({ ...bodyFiles(fields), cover: null }),
}

// The row a publication writes, with a correction's columns, and the files its body uses.
export const htmlBodyWrite =
  <F extends BodyFields, R>(rowOf: (fields: F, publishedAt: Date) => R) =>
  ({
    fields,
    publishedAt,
    correction = null,
  }: {
    fields: F
    publishedAt: Date
    correction?: { note: string } | null
  }) => ({
    row: {
      ...rowOf(fields, publishedAt),
      ...correctionColumns(correction, publishedAt),
    },
    files: bodyFiles(fields),
  })

export const attachmentsOf = (ids: string[], files: Map<string, FileFacts>) =>
  ids.flatMap((id) => files.get(id) ?? [])

// The body's lines of a readable revision, after the kind's own fields.
export function htmlBodyReadable(
  fields: BodyFields,
  fileName: (id: string) => string,
  contentLabel: string,
): ReadableField[] {
  return [
    {
      field: 'content',
      label: contentLabel,
      text: htmlToParagraphs(fields.content),
    },
    bodyImagesReadable(fields.content, fileName),
    filesReadable('attachments', '附件', fields.attachments, fileName),
  ]
}
