import {
  type AnnouncementFields,
  type LinkageFields,
  type ProjectFields,
} from '#common/schemas/content/project-fields.ts'
import {
  type ArticleFields,
  type PolicyFields,
} from '#common/schemas/content/article-fields.ts'
import {
  type ContentFields,
  type ContentItemDetail,
  ContentItemDetailSchema,
  type ContentItemSummary,
  ContentItemSummarySchema,
  type ProjectChoice,
  ProjectChoiceSchema,
  type RevisionSummary,
  RevisionSummarySchema,
} from '#common/schemas/content/workflow.ts'

// Each fixture is checked against its schema, so that it cannot drift from the contract the
// server answers by.

// 16 characters of base64url
export const fileId = (n: number) => `file${String(n).padStart(12, '0')}`

export function revisionSummary(
  overrides: Partial<RevisionSummary> = {},
): RevisionSummary {
  return RevisionSummarySchema.parse({
    revisionNo: 1,
    version: 1,
    state: 'draft',
    isCorrection: false,
    correctionNote: '',
    authorName: '王编辑',
    createdAt: '2026-11-20 09:00:00',
    updatedAt: '2026-11-20 09:30:00',
    editedAt: '2026-11-20 09:30:00',
    submittedAt: null,
    reviewerName: null,
    reviewedAt: null,
    reviewComment: null,
    publishAt: null,
    publishedAt: null,
    publisherName: null,
    reviews: [],
    ...overrides,
  })
}

export const articleFields = (
  overrides: Partial<ArticleFields> = {},
): ArticleFields => ({
  categoryId: 1073,
  title: '关于开展2026年度水利工程招标投标专项检查的通知',
  summary: '',
  content: '<p>各有关单位：现就专项检查有关事项通知如下。</p>',
  source: '自治区水利厅',
  author: '',
  coverFileId: null,
  isRotation: false,
  attachments: [],
  ...overrides,
})

export const policyFields = (
  overrides: Partial<PolicyFields> = {},
): PolicyFields => ({
  categoryId: 928,
  title: '自治区水利工程建设项目招标投标管理办法',
  summary: '',
  content: '<p>第一条 为规范水利工程建设项目招标投标活动，制定本办法。</p>',
  source: '',
  issuingBody: '自治区水利厅',
  documentNumber: '新水规〔2026〕3号',
  issuedDate: '2026-10-01',
  effectiveDate: '2026-11-01',
  attachments: [],
  ...overrides,
})

export function articleDetail(
  overrides: Partial<Omit<ContentItemDetail, 'working'>> & {
    working?: Partial<RevisionSummary>
    fields?: Partial<ArticleFields>
  } = {},
): ContentItemDetail {
  const { working, fields, ...rest } = overrides
  const summary = revisionSummary(working)
  return ContentItemDetailSchema.parse({
    id: 41,
    kind: 'article',
    itemState: 'unpublished',
    publicPath: null,
    publishedRevisionNo: null,
    withdrawal: null,
    working: { ...summary, kind: 'article', fields: articleFields(fields) },
    history: [summary],
    files: [],
    allowedActions: ['save', 'submit', 'discard'],
    ...rest,
  })
}

export function policyDetail(
  overrides: Partial<Omit<ContentItemDetail, 'working'>> & {
    working?: Partial<RevisionSummary>
    fields?: Partial<PolicyFields>
  } = {},
): ContentItemDetail {
  const { working, fields, ...rest } = overrides
  const summary = revisionSummary({
    state: 'submitted',
    submittedAt: '2026-11-20 10:00:00',
    ...working,
  })
  return ContentItemDetailSchema.parse({
    id: 52,
    kind: 'policy',
    itemState: 'unpublished',
    publicPath: null,
    publishedRevisionNo: null,
    withdrawal: null,
    working: { ...summary, kind: 'policy', fields: policyFields(fields) },
    history: [summary],
    files: [],
    allowedActions: ['approve', 'return'],
    ...rest,
  })
}

export function contentItem(
  overrides: Partial<ContentItemSummary> = {},
): ContentItemSummary {
  return ContentItemSummarySchema.parse({
    id: 41,
    kind: 'article',
    categoryId: 1073,
    categoryName: '通知公告',
    title: '关于开展2026年度水利工程招标投标专项检查的通知',
    itemState: 'unpublished',
    publishedAt: null,
    latest: revisionSummary(),
    publicPath: null,
    ...overrides,
  })
}

export const projectFields = (
  overrides: Partial<ProjectFields> = {},
): ProjectFields => ({
  code: 'TLMH-CG-2026-0118',
  name: '塔里木河下游生态输水闸站自动化设备采购项目',
  category: 2,
  subType: 201,
  regionCode: '652800',
  location: '尉犁县',
  tenderer: '塔里木河流域干流管理局',
  agency: '新疆天正招标代理有限公司',
  amount: 1286.5,
  tradeMode: '公开招标',
  fundSource: '中央水利发展资金',
  registrationDeadline: '2026-12-18 17:00:00',
  openingTime: '2026-12-25 09:30:00',
  ...overrides,
})

export const announcementFields = (
  overrides: Partial<AnnouncementFields> = {},
): AnnouncementFields => ({
  projectId: 69,
  stage: 'procurementNotice',
  title: '塔里木河下游生态输水闸站自动化设备采购项目采购公告',
  content: '<p>采购人就闸站自动化设备进行公开招标采购。</p>',
  attachments: [],
  facts: null,
  ...overrides,
})

export const linkageFields = (
  overrides: Partial<LinkageFields> = {},
): LinkageFields => ({
  projectId: 69,
  title: '闸站设备采购评审环节整改',
  item: '评审专家抽取',
  finding: '评审专家抽取记录未按规定归档。',
  requirement: '补齐抽取记录并归档备查。',
  responsibleUnit: '塔里木河流域干流管理局',
  status: 2,
  foundDate: '2026-11-10',
  deadline: '2026-11-30',
  rectifiedDate: '2026-11-20',
  content: '<p>已补齐抽取记录并归档。</p>',
  attachments: [],
  ...overrides,
})

export function itemDetail(
  content: ContentFields,
  overrides: Partial<Omit<ContentItemDetail, 'working'>> & {
    working?: Partial<RevisionSummary>
  } = {},
): ContentItemDetail {
  const { working, ...rest } = overrides
  const summary = revisionSummary(working)
  return ContentItemDetailSchema.parse({
    id: 60,
    kind: content.kind,
    itemState: 'unpublished',
    publicPath: null,
    publishedRevisionNo: null,
    withdrawal: null,
    working: { ...summary, ...content },
    history: [summary],
    files: [],
    allowedActions: ['save', 'submit', 'discard'],
    ...rest,
  })
}

export function projectChoice(
  overrides: Partial<ProjectChoice> = {},
): ProjectChoice {
  return ProjectChoiceSchema.parse({
    projectId: 69,
    itemId: 60,
    code: 'TLMH-CG-2026-0118',
    name: '塔里木河下游生态输水闸站自动化设备采购项目',
    category: 2,
    categoryName: '政府采购',
    isWithdrawn: false,
    stages: [
      { stage: 'entry', stageName: '项目入场', itemId: 61 },
      { stage: 'procurementNotice', stageName: '采购公告', itemId: null },
      { stage: 'procurementResult', stageName: '采购结果公告', itemId: null },
    ],
    ...overrides,
  })
}
