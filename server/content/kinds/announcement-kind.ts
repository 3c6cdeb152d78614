import { stageNumber } from '#common/schemas/content/project-fields.ts'
import {
  AnnouncementFieldsSchema,
  type AnnouncementFields,
} from '#common/schemas/content/project-fields.ts'
import { projectPath } from '#common/public-paths.ts'
import { pageLinkages } from '#server/projects/linkage-repository.ts'
import { toProjectDetail } from '#server/projects/project-detail.ts'
import { findProjectDetail } from '#server/projects/project-repository.ts'
import {
  findAnnouncement,
  findAnnouncementStages,
} from '#server/projects/project-write-repository.ts'
import {
  publishAnnouncement,
  publishAnnouncements,
  withdrawAnnouncement,
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
import * as rules from './project-kind-rules.ts'
import { stageFactsReadable } from './stage-facts-readable.ts'

function announcementRow(fields: AnnouncementFields, publishedAt: Date) {
  const at = toShanghaiText(publishedAt)
  return {
    projectId: fields.projectId,
    stage: fields.stage,
    title: fields.title,
    content: fields.content,
    // Stored as given: the schema has checked it belongs to this stage.
    facts: fields.facts === null ? null : JSON.stringify(fields.facts),
    publishTime: at,
    createdAt: at,
  }
}

const announcementWrite = rules.htmlBodyWrite(announcementRow)

const announcementPublisher: ContentPublisher<AnnouncementFields> = {
  async publish(
    db,
    { publicId, fields, isFirstPublication, publishedAt, correction },
  ) {
    const project = await rules.publishedProjectOrRefuse(db, fields.projectId)
    rules.checkStage(project.category, fields.stage)
    const taken = (await findAnnouncementStages(db, fields.projectId)).find(
      (a) => a.stage === fields.stage && a.id !== publicId,
    )
    if (taken)
      throw new Refusal(
        409,
        `该项目的「${rules.stageLabel(fields.stage)}」已有公告，请修改该条公告`,
      )
    const id = await publishAnnouncement(db, {
      id: publicId,
      isFirstPublication,
      ...announcementWrite({ fields, publishedAt, correction }),
    })
    await refreshProjectWarnings(db, fields.projectId, publishedAt)
    return id
  },
  async withdraw(db, publicId, withdrawal) {
    await withdrawAnnouncement(db, publicId, withdrawal)
    const stored = await findAnnouncement(db, publicId)
    if (stored)
      await refreshProjectWarnings(
        db,
        stored.projectId,
        fromShanghaiText(withdrawal.at),
      )
  },
  async publishMany(db, entries) {
    const categories = await rules.publishedCategories(
      db,
      entries.map(({ fields }) => fields.projectId),
    )
    for (const { fields } of entries)
      rules.checkStage(categories.get(fields.projectId)!, fields.stage)
    const ids = await publishAnnouncements(
      db,
      entries.map(({ fields, publishedAt }) =>
        announcementWrite({ fields, publishedAt }),
      ),
    )
    const latest = new Map<number, Date>()
    for (const { fields, publishedAt } of entries)
      if (
        (latest.get(fields.projectId)?.getTime() ?? 0) < publishedAt.getTime()
      )
        latest.set(fields.projectId, publishedAt)
    for (const [projectId, at] of latest)
      await refreshProjectWarnings(db, projectId, at)
    return ids
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
            facts: fields.facts === null ? null : JSON.stringify(fields.facts),
            publishTime: stored?.publishTime ?? toShanghaiText(publishAt),
            ...rules.shownCorrection(correction, publishAt, stored),
          },
        ],
        files: [
          ...found.files.filter((file) => file.announcementId !== publicId),
          ...rules.attachmentsOf(fields.attachments, files).map((file) => ({
            ...file,
            announcementId: id,
          })),
        ],
      },
      linkages.rows,
    )
  },
}

// 阶段公告: one per stage of the project's tab set (/business/detail?id=…&stage=…).
export const announcementKind: ContentKindDefinition<AnnouncementFields> = {
  kind: 'announcement',
  schema: AnnouncementFieldsSchema,
  ...rules.htmlBodyParts,
  listing: (fields) => ({
    title: fields.title,
    categoryId: stageNumber(fields.stage),
  }),
  readable: (fields, fileName) => [
    { field: 'projectId', label: '所属项目', text: String(fields.projectId) },
    { field: 'stage', label: '交易环节', text: rules.stageLabel(fields.stage) },
    { field: 'title', label: '标题', text: fields.title },
    ...rules.htmlBodyReadable(fields, fileName, '正文'),
    ...stageFactsReadable(fields.facts),
  ],
  publicPath: (_publicId, fields) =>
    projectPath(fields.projectId, fields.stage),
  publisher: announcementPublisher,
  async check(db, fields, { publicId }) {
    const project = await rules.projectOrRefuse(db, fields.projectId)
    rules.checkStage(project.category, fields.stage)
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
      `该项目的「${rules.stageLabel(fields.stage)}」已有公告（内容编号 ${holder}），每个环节只发布一条公告，请修改该条公告`,
  },
}
