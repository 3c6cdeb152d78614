import type { Kysely } from 'kysely'

import { REGIONS, tradeCategory } from '#common/constants/trade.ts'
import {
  ProjectFieldsSchema,
  type ProjectFields,
} from '#common/schemas/content/project-fields.ts'
import { projectPath } from '#common/public-paths.ts'
import type { Database, NewProject } from '#server/db/schema.ts'
import { pageLinkages } from '#server/projects/linkage-repository.ts'
import { toProjectDetail } from '#server/projects/project-detail.ts'
import { findProjectFacts } from '#server/projects/project-content-repository.ts'
import { findProjectDetail } from '#server/projects/project-repository.ts'
import { findAnnouncementStages } from '#server/projects/project-write-repository.ts'
import {
  publishProject,
  publishProjects,
  withdrawProject,
} from '#server/projects/project-writer.ts'
import {
  fromShanghaiText,
  toShanghaiText,
} from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { refreshProjectWarnings } from '#server/supervision/warning-refresh.ts'

import type {
  ContentKindDefinition,
  ContentPublisher,
} from './kind-definition.ts'

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

// Another project holding the number would break the public table's unique number.
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
    const id = await publishProject(db, {
      id: publicId,
      row: projectRow(fields, publishedAt),
      isFirstPublication,
    })
    // Its amount is the estimate the bid bond is measured against.
    if (publicId !== null) await refreshProjectWarnings(db, id, publishedAt)
    return id
  },
  async withdraw(db, publicId, withdrawal) {
    await withdrawProject(db, publicId, withdrawal)
    await refreshProjectWarnings(db, publicId, fromShanghaiText(withdrawal.at))
  },
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

// 项目: the project table's fields; its announcements and records are items of their own.
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
