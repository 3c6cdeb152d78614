import type { Kysely } from 'kysely'

import { CONTENT_REFUSALS, stageNumber } from '#common/constants/content.ts'
import {
  LINKAGE_STATUSES,
  REGIONS,
  TRADE_STAGES,
  tradeCategory,
  type TradeStageKey,
} from '#common/constants/trade.ts'
import {
  AnnouncementFieldsSchema,
  type AnnouncementFields,
  LinkageFieldsSchema,
  type LinkageFields,
  ProjectFieldsSchema,
  type ProjectFields,
} from '#common/schemas/content/project-fields.ts'
import { linkagePath, projectPath } from '#common/public-paths.ts'
import { bodyImageFileIds } from '#server/articles/article-writer.ts'
import { sanitizeArticleHtml } from '#server/articles/sanitize-article-html.ts'
import type { Database, NewProject } from '#server/db/schema.ts'
import {
  findLinkageDetail,
  pageLinkages,
} from '#server/projects/linkage-repository.ts'
import {
  toLinkageDetail,
  toProjectDetail,
} from '#server/projects/project-detail.ts'
import { findProjectFacts } from '#server/projects/project-content-repository.ts'
import { findProjectDetail } from '#server/projects/project-repository.ts'
import {
  findAnnouncement,
  findAnnouncementStages,
} from '#server/projects/project-write-repository.ts'
import {
  publishAnnouncement,
  publishAnnouncements,
  publishLinkage,
  publishLinkages,
  publishProject,
  publishProjects,
  withdrawAnnouncement,
  withdrawLinkage,
  withdrawProject,
} from '#server/projects/project-writer.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'

import type {
  ContentKindDefinition,
  ContentPublisher,
  FileFacts,
} from './kind-definition.ts'
import { htmlToParagraphs } from './readable-text.ts'

/*
 * Projects (/business/detail), their stage announcements (a tab of the project's page) and
 * linkage supervision records (/business/linkageDetail) as kinds of the content workflow. An
 * announcement or record names its project by the project's public id; the project must be on
 * the public side when the announcement or record is approved.
 */

const stageLabel = (stage: string) =>
  TRADE_STAGES[stage as TradeStageKey] ?? stage

/**
 * The columns a correction (更正) writes on an announcement or record, as an article's: its time
 * and note. A later revision that is no correction writes neither, so the last correction stays.
 */
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

/** What the preview shows: this revision's correction, or else the one published before. */
function shownCorrection(
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

// ---------------------------------------------------------------------------------------------
// Projects

function projectRow(fields: ProjectFields, publishedAt: Date) {
  const at = toShanghaiText(publishedAt)
  return {
    code: fields.code,
    name: fields.name,
    category: fields.category,
    subType: fields.subType,
    regionCode: fields.regionCode,
    location: fields.location,
    tenderer: fields.tenderer,
    agency: fields.agency,
    amount: fields.amount,
    tradeMode: fields.tradeMode,
    fundSource: fields.fundSource,
    // The first publication is the project's entry: the month of the statistics.
    publishTime: at,
    registrationDeadline: fields.registrationDeadline,
    openingTime: fields.openingTime,
    currentStage: null,
    createdAt: at,
    updatedAt: at,
  } satisfies NewProject
}

/** Another project holding the number would break the public table's unique number. */
async function checkCodeFree(
  db: Kysely<Database>,
  code: string,
  publicId: number | null,
) {
  const holder = await db
    .selectFrom('project')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirst()
  if (holder && holder.id !== publicId)
    throw new Refusal(409, `项目编号「${code}」已被其他项目使用`)
}

const projectPublisher: ContentPublisher<ProjectFields> = {
  async publish(db, { publicId, fields, isFirstPublication, publishedAt }) {
    await checkCodeFree(db, fields.code, publicId)
    return publishProject(db, {
      id: publicId,
      row: projectRow(fields, publishedAt),
      isFirstPublication,
    })
  },
  withdraw: withdrawProject,
  publishMany: (db, entries) =>
    publishProjects(
      db,
      entries.map(({ fields, publishedAt }) => projectRow(fields, publishedAt)),
    ),
  async preview(db, { publicId, fields, publishAt }) {
    const found =
      publicId === null ? null : await findProjectDetail(db, publicId)
    const linkages =
      publicId === null
        ? { rows: [] }
        : await pageLinkages(db, { projectId: publicId, limit: 100, offset: 0 })
    const row = projectRow(fields, publishAt)
    return toProjectDetail(
      {
        // Shown as it will be once approved: published, its first publication's time kept.
        project: {
          ...row,
          id: publicId ?? 0,
          publishTime: found?.project.publishTime ?? row.publishTime,
        },
        announcements: found?.announcements ?? [],
        files: found?.files ?? [],
      },
      linkages.rows,
    )
  },
}

/** 项目: the project table's fields; its announcements and records are items of their own. */
export const projectKind: ContentKindDefinition<ProjectFields> = {
  kind: 'project',
  schema: ProjectFieldsSchema,
  normalize: (fields) => fields,
  listing: (fields) => ({ title: fields.name, categoryId: fields.category }),
  files: () => ({ attachments: [], cover: null, images: [] }),
  readable(fields) {
    const category = tradeCategory(fields.category)
    const subType = category?.subTypes.find((s) => s.value === fields.subType)
    return [
      { field: 'code', label: '项目编号', text: fields.code },
      { field: 'name', label: '项目名称', text: fields.name },
      {
        field: 'category',
        label: '交易类别',
        text: `${category?.label ?? ''} / ${subType?.label ?? ''}`,
      },
      {
        field: 'regionCode',
        label: '所属地区',
        text: REGIONS.find((r) => r.value === fields.regionCode)?.label ?? '',
      },
      { field: 'location', label: '项目地点', text: fields.location },
      { field: 'tenderer', label: '招标人', text: fields.tenderer },
      { field: 'agency', label: '代理机构', text: fields.agency },
      {
        field: 'amount',
        label: '项目金额（万元）',
        text: String(fields.amount),
      },
      { field: 'tradeMode', label: '交易方式', text: fields.tradeMode },
      { field: 'fundSource', label: '资金来源', text: fields.fundSource },
      {
        field: 'registrationDeadline',
        label: '报名截止时间',
        text: fields.registrationDeadline ?? '',
      },
      {
        field: 'openingTime',
        label: '开标时间',
        text: fields.openingTime ?? '',
      },
    ]
  },
  publicPath: (publicId) => projectPath(publicId),
  publisher: projectPublisher,
  correctionRefusal:
    '项目信息是项目表中的事实，公开页面不显示更正；请直接修改项目信息，或更正相关的阶段公告',
  async check(db, fields, { publicId }) {
    if (publicId === null) return
    const stored = await findProjectFacts(db, publicId)
    if (!stored || stored.category === fields.category) return
    if ((await findAnnouncementStages(db, publicId)).length > 0)
      throw new Refusal(
        400,
        '该项目已有阶段公告，不能更改交易类别（各阶段公告依交易类别的环节发布）',
      )
  },
  claim: {
    key: (fields) => fields.code,
    refusal: (fields, holder) =>
      `项目编号「${fields.code}」已被其他项目使用（内容编号 ${holder}）`,
  },
}

// ---------------------------------------------------------------------------------------------
// Stage announcements

/** The project an announcement or record names, or a refusal saying there is none. */
async function projectOrRefuse(db: Kysely<Database>, projectId: number) {
  const project = await findProjectFacts(db, projectId)
  if (!project) throw new Refusal(400, '所属项目不存在，请选择已发布的项目')
  return project
}

/** The stage must be one of the project's category's tab set (spec §9). */
function checkStage(category: number, stage: string) {
  const known = tradeCategory(category)
  if (!known) throw new Refusal(400, '所属项目的交易类别无效')
  if (!(known.stages as readonly string[]).includes(stage))
    throw new Refusal(
      400,
      `${known.label}项目没有「${stageLabel(stage)}」环节，可选环节：${known.stages.map(stageLabel).join('、')}`,
    )
}

/** On the public side now: an announcement or record is published only with its project. */
async function publishedProjectOrRefuse(
  db: Kysely<Database>,
  projectId: number,
) {
  const project = await findProjectFacts(db, projectId)
  if (!project || project.withdrawnAt)
    throw new Refusal(409, CONTENT_REFUSALS.projectNotPublished)
  return project
}

/** Every project of `projectIds` on the public side (the bulk import's check). */
async function publishedCategories(
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

const bodyFiles = (fields: { content: string; attachments: string[] }) => ({
  attachments: fields.attachments,
  images: bodyImageFileIds(fields.content),
})

const announcementPublisher: ContentPublisher<AnnouncementFields> = {
  async publish(
    db,
    { publicId, fields, isFirstPublication, publishedAt, correction },
  ) {
    const project = await publishedProjectOrRefuse(db, fields.projectId)
    checkStage(project.category, fields.stage)
    const taken = (await findAnnouncementStages(db, fields.projectId)).find(
      (a) => a.stage === fields.stage && a.id !== publicId,
    )
    if (taken)
      throw new Refusal(
        409,
        `该项目的「${stageLabel(fields.stage)}」已有公告，请修改该条公告`,
      )
    const at = toShanghaiText(publishedAt)
    return publishAnnouncement(db, {
      id: publicId,
      row: {
        projectId: fields.projectId,
        stage: fields.stage,
        title: fields.title,
        content: fields.content,
        publishTime: at,
        createdAt: at,
        ...correctionColumns(correction, publishedAt),
      },
      isFirstPublication,
      files: bodyFiles(fields),
    })
  },
  withdraw: withdrawAnnouncement,
  async publishMany(db, entries) {
    const categories = await publishedCategories(
      db,
      entries.map(({ fields }) => fields.projectId),
    )
    for (const { fields } of entries)
      checkStage(categories.get(fields.projectId)!, fields.stage)
    return publishAnnouncements(
      db,
      entries.map(({ fields, publishedAt }) => {
        const at = toShanghaiText(publishedAt)
        return {
          row: {
            projectId: fields.projectId,
            stage: fields.stage,
            title: fields.title,
            content: fields.content,
            publishTime: at,
            createdAt: at,
          },
          files: bodyFiles(fields),
        }
      }),
    )
  },
  async preview(db, { publicId, fields, publishAt, correction, files }) {
    const found = await findProjectDetail(db, fields.projectId)
    if (!found) throw new Refusal(404, '所属项目不存在')
    const id = publicId ?? 0
    const stored = found.announcements.find((a) => a.id === publicId)
    const linkages = await pageLinkages(db, {
      projectId: fields.projectId,
      limit: 100,
      offset: 0,
    })
    return toProjectDetail(
      {
        project: found.project,
        // This announcement on its stage's tab, as it will be once approved.
        announcements: [
          ...found.announcements.filter(
            (a) => a.id !== publicId && a.stage !== fields.stage,
          ),
          {
            id,
            stage: fields.stage,
            title: fields.title,
            content: fields.content,
            publishTime: stored?.publishTime ?? toShanghaiText(publishAt),
            ...shownCorrection(correction, publishAt, stored),
          },
        ],
        files: [
          ...found.files.filter((file) => file.announcementId !== publicId),
          ...attachmentsOf(fields.attachments, files).map((file) => ({
            ...file,
            announcementId: id,
          })),
        ],
      },
      linkages.rows,
    )
  },
}

const attachmentsOf = (ids: string[], files: Map<string, FileFacts>) =>
  ids.flatMap((id) => files.get(id) ?? [])

function contentReadable(
  fields: { content: string; attachments: string[] },
  fileName: (id: string) => string,
) {
  return {
    content: htmlToParagraphs(fields.content),
    attachments: fields.attachments.map(fileName).join('\n'),
  }
}

/** 阶段公告: one per stage of the project's tab set (/business/detail?id=…&stage=…). */
export const announcementKind: ContentKindDefinition<AnnouncementFields> = {
  kind: 'announcement',
  schema: AnnouncementFieldsSchema,
  normalize: (fields) => ({
    ...fields,
    content: sanitizeArticleHtml(fields.content),
  }),
  listing: (fields) => ({
    title: fields.title,
    categoryId: stageNumber(fields.stage),
  }),
  files: (fields) => ({ ...bodyFiles(fields), cover: null }),
  readable(fields, fileName) {
    const text = contentReadable(fields, fileName)
    return [
      { field: 'projectId', label: '所属项目', text: String(fields.projectId) },
      { field: 'stage', label: '交易环节', text: stageLabel(fields.stage) },
      { field: 'title', label: '标题', text: fields.title },
      { field: 'content', label: '正文', text: text.content },
      { field: 'attachments', label: '附件', text: text.attachments },
    ]
  },
  publicPath: (_publicId, fields) =>
    projectPath(fields.projectId, fields.stage),
  publisher: announcementPublisher,
  async check(db, fields, { publicId }) {
    const project = await projectOrRefuse(db, fields.projectId)
    checkStage(project.category, fields.stage)
    if (publicId === null) return
    const stored = await findAnnouncement(db, publicId)
    if (
      stored &&
      (stored.projectId !== fields.projectId || stored.stage !== fields.stage)
    )
      throw new Refusal(
        400,
        '已发布的阶段公告不能更改所属项目或交易环节；如需更改，请撤回后另行发布',
      )
  },
  claim: {
    key: (fields) => `${fields.projectId}:${fields.stage}`,
    refusal: (fields, holder) =>
      `该项目的「${stageLabel(fields.stage)}」已有公告（内容编号 ${holder}），每个环节只发布一条公告，请修改该条公告`,
  },
}

// ---------------------------------------------------------------------------------------------
// Linkage supervision records

function linkageRow(fields: LinkageFields, publishedAt: Date) {
  const at = toShanghaiText(publishedAt)
  return {
    projectId: fields.projectId,
    title: fields.title,
    item: fields.item,
    finding: fields.finding,
    requirement: fields.requirement,
    responsibleUnit: fields.responsibleUnit,
    status: fields.status,
    foundDate: fields.foundDate,
    deadline: fields.deadline,
    rectifiedDate: fields.rectifiedDate,
    content: fields.content,
    publishTime: at,
    createdAt: at,
  }
}

const linkagePublisher: ContentPublisher<LinkageFields> = {
  async publish(
    db,
    { publicId, fields, isFirstPublication, publishedAt, correction },
  ) {
    await publishedProjectOrRefuse(db, fields.projectId)
    return publishLinkage(db, {
      id: publicId,
      row: {
        ...linkageRow(fields, publishedAt),
        ...correctionColumns(correction, publishedAt),
      },
      isFirstPublication,
      files: bodyFiles(fields),
    })
  },
  withdraw: withdrawLinkage,
  async publishMany(db, entries) {
    await publishedCategories(
      db,
      entries.map(({ fields }) => fields.projectId),
    )
    return publishLinkages(
      db,
      entries.map(({ fields, publishedAt }) => ({
        row: linkageRow(fields, publishedAt),
        files: bodyFiles(fields),
      })),
    )
  },
  async preview(db, { publicId, fields, publishAt, correction, files }) {
    const project = await findProjectFacts(db, fields.projectId)
    if (!project) throw new Refusal(404, '所属项目不存在')
    const stored =
      publicId === null ? null : await findLinkageDetail(db, publicId)
    const row = linkageRow(fields, publishAt)
    return toLinkageDetail(
      {
        ...row,
        id: publicId ?? 0,
        publishTime: stored?.record.publishTime ?? row.publishTime,
        ...shownCorrection(correction, publishAt, stored?.record),
        projectName: project.name,
        projectCode: project.code,
        projectCategory: project.category,
        projectTenderer: project.tenderer,
        projectWithdrawnAt: project.withdrawnAt,
        projectWithdrawalReason: project.withdrawalReason,
      },
      attachmentsOf(fields.attachments, files),
    )
  },
}

/** 联动监管记录 of a published project (/business/linkageDetail). */
export const linkageKind: ContentKindDefinition<LinkageFields> = {
  kind: 'linkage',
  schema: LinkageFieldsSchema,
  normalize: (fields) => ({
    ...fields,
    content: sanitizeArticleHtml(fields.content),
  }),
  listing: (fields) => ({ title: fields.title, categoryId: fields.status }),
  files: (fields) => ({ ...bodyFiles(fields), cover: null }),
  readable(fields, fileName) {
    const text = contentReadable(fields, fileName)
    return [
      { field: 'projectId', label: '所属项目', text: String(fields.projectId) },
      { field: 'title', label: '标题', text: fields.title },
      { field: 'item', label: '监管事项', text: fields.item },
      { field: 'finding', label: '发现问题', text: fields.finding },
      { field: 'requirement', label: '整改要求', text: fields.requirement },
      {
        field: 'responsibleUnit',
        label: '责任单位',
        text: fields.responsibleUnit,
      },
      {
        field: 'status',
        label: '整改状态',
        text:
          LINKAGE_STATUSES.find((s) => s.value === fields.status)?.label ?? '',
      },
      { field: 'foundDate', label: '发现日期', text: fields.foundDate },
      { field: 'deadline', label: '整改期限', text: fields.deadline },
      {
        field: 'rectifiedDate',
        label: '整改完成日期',
        text: fields.rectifiedDate ?? '',
      },
      { field: 'content', label: '整改情况', text: text.content },
      { field: 'attachments', label: '附件', text: text.attachments },
    ]
  },
  publicPath: (publicId) => linkagePath(publicId),
  publisher: linkagePublisher,
  async check(db, fields) {
    await projectOrRefuse(db, fields.projectId)
  },
}
