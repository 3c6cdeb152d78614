import { type FastifyInstance } from 'fastify'

import { ROLE_EDITOR, ROLE_REVIEWER } from '#common/constants/content.ts'
import { type StaffRole } from '#common/constants/staff.ts'
import { type ContentKind } from '#common/schemas/content/registry.ts'
import { type TradeStageKey } from '#common/constants/trade.ts'
import {
  type AnnouncementFields,
  type LinkageFields,
  type ProjectFields,
} from '#common/schemas/content/project-fields.ts'
import {
  type ArticleFields,
  type PolicyFields,
} from '#common/schemas/content/article-fields.ts'
import { type ContentItemDetail } from '#common/schemas/content/workflow.ts'

import { createOfficialToken } from './complaint-test-api.ts'
import { multipartBody } from './upload-samples.ts'

export const noticeFields = (
  title: string,
  overrides: Partial<ArticleFields> = {},
): ArticleFields => ({
  categoryId: 1073,
  title,
  summary: '',
  content: `<p>${title}：请各有关单位按要求执行。</p>`,
  source: '自治区水利厅',
  author: '建设处',
  coverFileId: null,
  isRotation: false,
  attachments: [],
  ...overrides,
})

export const policyFields = (
  title: string,
  overrides: Partial<PolicyFields> = {},
): PolicyFields => ({
  categoryId: 928,
  title,
  summary: '',
  content: `<p><strong>第一条</strong>\u3000为规范水利工程招标投标活动，制定本办法。</p>`,
  source: '自治区水利厅',
  issuingBody: '新疆维吾尔自治区水利厅',
  documentNumber: '新水规〔2026〕3号',
  issuedDate: '2026-10-08',
  effectiveDate: '2026-11-01',
  attachments: [],
  ...overrides,
})

export const projectFields = (
  code: string,
  overrides: Partial<ProjectFields> = {},
): ProjectFields => ({
  code,
  name: '塔里木河干流防洪治理工程（二期）施工',
  category: 1,
  subType: 101,
  regionCode: '652800',
  location: '巴音郭楞蒙古自治州尉犁县',
  tenderer: '新疆塔里木河流域管理局',
  agency: '新疆诚信招标代理有限公司',
  amount: 3860.5,
  tradeMode: '公开招标',
  fundSource: '中央预算内投资',
  registrationDeadline: '2026-12-10 17:00:00',
  openingTime: '2026-12-22 10:30:00',
  ...overrides,
})

export const announcementFields = (
  projectId: number,
  stage: TradeStageKey,
  title: string,
  overrides: Partial<AnnouncementFields> = {},
): AnnouncementFields => ({
  projectId,
  stage,
  title,
  content: `<p>${title}：详见附件。</p>`,
  attachments: [],
  facts: null,
  ...overrides,
})

export const linkageFields = (
  projectId: number,
  title: string,
  overrides: Partial<LinkageFields> = {},
): LinkageFields => ({
  projectId,
  title,
  item: '招标文件编制',
  finding: '招标文件设置了不合理的资格条件。',
  requirement: '删除该资格条件并发布澄清公告。',
  responsibleUnit: '新疆塔里木河流域管理局',
  status: 1,
  foundDate: '2026-11-20',
  deadline: '2026-12-05',
  rectifiedDate: null,
  content: '<p>责任单位正在整改。</p>',
  attachments: [],
  ...overrides,
})

export type StaffCaller = ReturnType<typeof staffCaller>

export function staffCaller(app: FastifyInstance, token: string) {
  const call = (method: string, path: string, body?: unknown) =>
    app.inject({
      method: method as 'GET',
      url: `/staff-api${path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    })
  return {
    token,
    call,
    get: (path: string) => call('GET', path),
    item: async (id: number) =>
      (await call('GET', `/content/items/${id}`)).json<ContentItemDetail>(),
    upload: (name: string, content: Buffer | string, query = '') => {
      const { body, contentType } = multipartBody([
        { field: 'file', name, content },
      ])
      return app.inject({
        method: 'POST',
        url: `/staff-api/content/uploads${query}`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': contentType,
        },
        payload: body,
      })
    },
  }
}

export const baseOf = (item: ContentItemDetail) => ({
  revisionNo: item.working.revisionNo,
  version: item.working.version,
})

export async function contentStaff(app: FastifyInstance) {
  const make = async (name: string, roles: StaffRole[]) =>
    staffCaller(app, await createOfficialToken(app, name, roles))
  return {
    editor: await make('李编辑', [ROLE_EDITOR]),
    otherEditor: await make('王编辑', [ROLE_EDITOR]),
    reviewer: await make('张审核', [ROLE_REVIEWER]),
    otherReviewer: await make('赵审核', [ROLE_REVIEWER]),
    both: await make('陈主任', [ROLE_EDITOR, ROLE_REVIEWER]),
    handler: await make('周科长', ['投诉处理']),
  }
}

export function publishNotice(
  staff: Awaited<ReturnType<typeof contentStaff>>,
  fields: ArticleFields,
): Promise<ContentItemDetail> {
  return publishItem(staff, 'article', fields)
}

export const publicIdOf = (item: ContentItemDetail) =>
  Number(/[?&]id=(\d+)/.exec(item.publicPath ?? '')?.[1])

export async function reviseItem(
  staff: Awaited<ReturnType<typeof contentStaff>>,
  item: ContentItemDetail,
  fields: unknown,
): Promise<ContentItemDetail> {
  const saved = await staff.editor.call(
    'PUT',
    `/content/items/${item.id}/draft`,
    { kind: item.kind, fields, base: baseOf(item) },
  )
  if (saved.statusCode !== 200) throw new Error(saved.body)
  const submitted = await staff.editor.call(
    'POST',
    `/content/items/${item.id}/submit`,
    { base: baseOf(saved.json()) },
  )
  if (submitted.statusCode !== 200) throw new Error(submitted.body)
  const approved = await staff.reviewer.call(
    'POST',
    `/content/items/${item.id}/approve`,
    { base: baseOf(submitted.json()) },
  )
  if (approved.statusCode !== 200) throw new Error(approved.body)
  return approved.json<ContentItemDetail>()
}

export async function itemOfKind(
  caller: StaffCaller,
  kind: ContentKind,
  match: (item: ContentItemDetail) => boolean = () => true,
): Promise<ContentItemDetail> {
  const page = (
    await caller.get(`/content/items?kind=${kind}&pageSize=50`)
  ).json<{ items: { id: number }[] }>()
  for (const { id } of page.items) {
    const item = await caller.item(id)
    if (match(item)) return item
  }
  throw new Error(`no ${kind} item`)
}

export async function publishItem(
  staff: Awaited<ReturnType<typeof contentStaff>>,
  kind: ContentKind,
  fields: unknown,
): Promise<ContentItemDetail> {
  const created = await staff.editor.call('POST', '/content/items', {
    kind,
    fields,
  })
  if (created.statusCode !== 200) throw new Error(created.body)
  let item = created.json<ContentItemDetail>()
  item = (
    await staff.editor.call('POST', `/content/items/${item.id}/submit`, {
      base: baseOf(item),
    })
  ).json()
  const approved = await staff.reviewer.call(
    'POST',
    `/content/items/${item.id}/approve`,
    { base: baseOf(item) },
  )
  if (approved.statusCode !== 200) throw new Error(approved.body)
  return approved.json<ContentItemDetail>()
}
