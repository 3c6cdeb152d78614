import { LINKAGE_STATUSES } from '#common/constants/trade.ts'
import {
  LinkageFieldsSchema,
  type LinkageFields,
} from '#common/schemas/content/project-fields.ts'
import { linkagePath } from '#common/public-paths.ts'
import { findLinkageDetail } from '#server/projects/linkage-repository.ts'
import { toLinkageDetail } from '#server/projects/project-detail.ts'
import { findProjectFacts } from '#server/projects/project-content-repository.ts'
import {
  publishLinkage,
  publishLinkages,
  withdrawLinkage,
} from '#server/projects/project-writer.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'

import type {
  ContentKindDefinition,
  ContentPublisher,
} from './kind-definition.ts'
import * as rules from './project-kind-rules.ts'

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

const linkageWrite = rules.htmlBodyWrite(linkageRow)

const linkagePublisher: ContentPublisher<LinkageFields> = {
  async publish(
    db,
    { publicId, fields, isFirstPublication, publishedAt, correction },
  ) {
    await rules.publishedProjectOrRefuse(db, fields.projectId)
    return publishLinkage(db, {
      id: publicId,
      isFirstPublication,
      ...linkageWrite({ fields, publishedAt, correction }),
    })
  },
  withdraw: withdrawLinkage,
  async publishMany(db, entries) {
    await rules.publishedCategories(
      db,
      entries.map(({ fields }) => fields.projectId),
    )
    return publishLinkages(
      db,
      entries.map(({ fields, publishedAt }) =>
        linkageWrite({ fields, publishedAt }),
      ),
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
        ...rules.shownCorrection(correction, publishAt, stored?.record),
        projectName: project.name,
        projectCode: project.code,
        projectCategory: project.category,
        projectTenderer: project.tenderer,
        projectWithdrawnAt: project.withdrawnAt,
        projectWithdrawalReason: project.withdrawalReason,
      },
      rules.attachmentsOf(fields.attachments, files),
    )
  },
}

// 联动监管记录 of a published project (/business/linkageDetail).
export const linkageKind: ContentKindDefinition<LinkageFields> = {
  kind: 'linkage',
  schema: LinkageFieldsSchema,
  ...rules.htmlBodyParts,
  listing: (fields) => ({ title: fields.title, categoryId: fields.status }),
  readable: (fields, fileName) => [
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
    ...rules.htmlBodyReadable(fields, fileName, '整改情况'),
  ],
  publicPath: (publicId) => linkagePath(publicId),
  publisher: linkagePublisher,
  async check(db, fields) {
    await rules.projectOrRefuse(db, fields.projectId)
  },
}
