import { z } from 'zod'

import {
  CONTENT_KIND_CATEGORIES,
  CONTENT_KINDS,
  CONTENT_LIMITS,
  ITEM_STATES,
  REVIEW_OUTCOMES,
  REVISION_STATES,
} from '#common/constants/content.ts'
import { ARTICLE_CATEGORY_NAMES } from '#common/constants/articles.ts'
import {
  CODED_DICTIONARIES,
  FOOTER_LINK_GROUPS,
  FOOTER_LINK_TYPES,
  SITE_LIMITS,
} from '#common/constants/site.ts'
import {
  LINKAGE_STATUSES,
  REGIONS,
  SCHEDULED_CATEGORIES,
  TRADE_MODES,
  TRADE_STAGE_KEYS,
  tradeCategory,
} from '#common/constants/trade.ts'
import {
  type ArticleDetail,
  ArticleDetailSchema,
  DateTimeTextSchema,
} from '../article.ts'
import {
  type CreditDetail,
  CreditDetailSchema,
  CreditFieldsSchema,
} from '../credit.ts'
import { PageQuerySchema } from '../paging.ts'
import {
  type LinkageDetail,
  LinkageDetailSchema,
  type ProjectDetail,
  ProjectDetailSchema,
} from '../project.ts'
import {
  DicItemSchema,
  FooterLinkGroupSchema,
  HomeLinkSchema,
  SiteSettingsSchema,
} from '../site.ts'

/*
 * The console's content workflow (/staff-api/content, docs/api/staff-api.md): every public item
 * is a series of revisions; an editor writes and submits one, a reviewer other than its author
 * approves it (now or at a time) or returns it with a comment. Each change names the revision
 * it was based on (`base`), so an edit or a review of a revision someone else has changed since
 * is refused (409, 「内容已被他人修改」) and changes nothing.
 */

export const ContentKindSchema = z.enum(CONTENT_KINDS, {
  error: '内容类型无效',
})

/** A stored file's id (server/files/save-file.ts: 12 random bytes, base64url). */
export const StoredFileIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16}$/, '文件编号无效')

const DateTextSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')

function categoryOf(kind: 'article' | 'policy') {
  const allowed = CONTENT_KIND_CATEGORIES[kind]
  const names = allowed.map((id) => ARTICLE_CATEGORY_NAMES[id]).join('、')
  return z
    .number({ error: '请选择栏目' })
    .int()
    .refine((id) => allowed.includes(id), `栏目须为：${names}`)
}

const title = z
  .string({ error: '请输入标题' })
  .trim()
  .min(1, '请输入标题')
  .max(CONTENT_LIMITS.titleMax, `标题不能超过${CONTENT_LIMITS.titleMax}个字符`)
/** Empty: the server takes the first sentences of the body. */
const summary = z
  .string()
  .trim()
  .max(
    CONTENT_LIMITS.summaryMax,
    `摘要不能超过${CONTENT_LIMITS.summaryMax}个字符`,
  )
  .default('')
/** HTML from the editor; the server sanitizes it before it is stored or shown. */
const content = z
  .string({ error: '请输入正文' })
  .min(1, '请输入正文')
  .max(CONTENT_LIMITS.contentMax, '正文过长，请拆分为多篇发布')
const shortText = (label: string, max: number) =>
  z.string().trim().max(max, `${label}不能超过${max}个字符`).default('')
const attachments = z
  .array(StoredFileIdSchema)
  .max(
    CONTENT_LIMITS.attachmentsMax,
    `附件不能超过${CONTENT_LIMITS.attachmentsMax}个`,
  )
  .refine((ids) => new Set(ids).size === ids.length, '附件重复')
  .default([])

/** 通知公告, 新闻动态, 行业动态 and the 下载中心's entries. */
export const ArticleFieldsSchema = z.object({
  categoryId: categoryOf('article'),
  title,
  summary,
  content,
  source: shortText('来源', CONTENT_LIMITS.sourceMax),
  author: shortText('作者', CONTENT_LIMITS.sourceMax),
  /** A picture uploaded through /content/uploads; shown in the home page's rotation. */
  coverFileId: StoredFileIdSchema.nullable().default(null),
  isRotation: z.boolean().default(false),
  attachments,
})
export type ArticleFields = z.infer<typeof ArticleFieldsSchema>

/** 政策法规: the issuing body, document number and dates besides the text. */
export const PolicyFieldsSchema = z.object({
  categoryId: categoryOf('policy'),
  title,
  summary,
  content,
  source: shortText('来源', CONTENT_LIMITS.sourceMax),
  issuingBody: shortText('发布机关', 100),
  documentNumber: shortText('文号', 50),
  /** 发布日期 and 施行日期; null when the document names none. */
  issuedDate: DateTextSchema.nullable().default(null),
  effectiveDate: DateTextSchema.nullable().default(null),
  attachments,
})
export type PolicyFields = z.infer<typeof PolicyFieldsSchema>

const requiredText = (label: string, max: number, verb = '请输入') =>
  z
    .string({ error: `${verb}${label}` })
    .trim()
    .min(1, `${verb}${label}`)
    .max(max, `${label}不能超过${max}个字符`)
/** A published project, by its public id (the `id` of /business/detail?id=…). */
const projectId = z
  .number({ error: '请选择所属项目' })
  .int('所属项目无效')
  .positive('所属项目无效')

/**
 * A traded project (/business/detail): its trading category 1–7 and sub-type, region, parties,
 * amount in 万元, trade mode and, for a tender (SCHEDULED_CATEGORIES), its registration deadline
 * and bid opening. Its stages' announcements are items of their own (AnnouncementFieldsSchema).
 */
export const ProjectFieldsSchema = z
  .object({
    code: z
      .string({ error: '请输入项目编号' })
      .trim()
      .min(1, '请输入项目编号')
      .max(40, '项目编号不能超过40个字符')
      .regex(/^\S+$/, '项目编号不能含空格'),
    name: requiredText('项目名称', 200),
    category: z
      .number({ error: '请选择交易类别' })
      .int('交易类别无效')
      .refine((value) => tradeCategory(value) !== undefined, '交易类别无效'),
    subType: z.number({ error: '请选择交易子类' }).int('交易子类无效'),
    regionCode: z.enum(
      REGIONS.map((region) => region.value),
      '请选择所属地区',
    ),
    location: requiredText('项目地点', 200),
    /** 招标人, 采购人, 出让人 or 转让方, as the category names the party. */
    tenderer: requiredText('招标人（采购人、出让人、转让方）', 200),
    agency: shortText('代理机构', 200),
    /** 万元, at most two decimals. */
    amount: z
      .number({ error: '请输入项目金额（万元）' })
      .min(0, '项目金额不能为负数')
      .max(99_999_999, '项目金额过大，请以万元为单位填写')
      .refine(
        (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
        '项目金额最多保留两位小数',
      ),
    tradeMode: z.enum(TRADE_MODES, '请选择交易方式'),
    fundSource: shortText('资金来源', 100),
    registrationDeadline: DateTimeTextSchema.nullable().default(null),
    openingTime: DateTimeTextSchema.nullable().default(null),
  })
  .superRefine((fields, ctx) => {
    const category = tradeCategory(fields.category)
    if (
      category &&
      !category.subTypes.some((subType) => subType.value === fields.subType)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['subType'],
        message: `交易子类须为${category.label}的：${category.subTypes.map((s) => s.label).join('、')}`,
      })
    const isScheduled = SCHEDULED_CATEGORIES.includes(fields.category)
    for (const [field, label] of [
      ['registrationDeadline', '报名截止时间'],
      ['openingTime', '开标时间'],
    ] as const)
      if (category && !isScheduled && fields[field] !== null)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${category.label}项目没有${label}，请留空`,
        })
    if (
      fields.registrationDeadline &&
      fields.openingTime &&
      fields.registrationDeadline > fields.openingTime
    )
      ctx.addIssue({
        code: 'custom',
        path: ['registrationDeadline'],
        message: '报名截止时间不能晚于开标时间',
      })
  })
export type ProjectFields = z.infer<typeof ProjectFieldsSchema>

/**
 * One stage's announcement of a published project: the stage must be one of its category's tab
 * set (TRADE_CATEGORIES), and each project has at most one item per stage (the server checks
 * both against the project).
 */
export const AnnouncementFieldsSchema = z.object({
  projectId,
  stage: z.enum(TRADE_STAGE_KEYS, '请选择交易环节'),
  title,
  content,
  attachments,
})
export type AnnouncementFields = z.infer<typeof AnnouncementFieldsSchema>

/** A linkage supervision record (联动监管) of a published project. */
export const LinkageFieldsSchema = z
  .object({
    projectId,
    title,
    /** 监管事项 */
    item: requiredText('监管事项', 200),
    /** 发现问题 */
    finding: requiredText('发现问题', 2000),
    /** 整改要求 */
    requirement: requiredText('整改要求', 2000),
    responsibleUnit: requiredText('责任单位', 200),
    status: z
      .number({ error: '请选择整改状态' })
      .int('整改状态无效')
      .refine(
        (value) => LINKAGE_STATUSES.some((status) => status.value === value),
        '整改状态无效',
      ),
    foundDate: z
      .string({ error: '请填写发现日期' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD'),
    /** 整改期限 */
    deadline: z
      .string({ error: '请填写整改期限' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD'),
    /** 整改完成日期: set once rectified (已整改, 已销号), null while 整改中. */
    rectifiedDate: DateTextSchema.nullable().default(null),
    /** 整改情况: HTML from the editor, sanitized by the server. */
    content: z
      .string({ error: '请输入整改情况' })
      .min(1, '请输入整改情况')
      .max(CONTENT_LIMITS.contentMax, '整改情况过长'),
    attachments,
  })
  .superRefine((fields, ctx) => {
    if (fields.deadline < fields.foundDate)
      ctx.addIssue({
        code: 'custom',
        path: ['deadline'],
        message: '整改期限不能早于发现日期',
      })
    if (fields.status === 1 && fields.rectifiedDate !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['rectifiedDate'],
        message: '整改中的记录不填写整改完成日期',
      })
    if (fields.status !== 1 && fields.rectifiedDate === null)
      ctx.addIssue({
        code: 'custom',
        path: ['rectifiedDate'],
        message: '已整改或已销号的记录须填写整改完成日期',
      })
    if (
      fields.rectifiedDate !== null &&
      fields.rectifiedDate < fields.foundDate
    )
      ctx.addIssue({
        code: 'custom',
        path: ['rectifiedDate'],
        message: '整改完成日期不能早于发现日期',
      })
  })
export type LinkageFields = z.infer<typeof LinkageFieldsSchema>

/** An address the visitor's browser opens: http(s) only (no javascript:, data: …). */
function isWebUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s<>"'`\\]+$/i.test(value)) return false
  try {
    const url = new URL(value)
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== ''
    )
  } catch {
    return false
  }
}

/** A page of this site, by its path (/download, /index/newList?…). */
const isSitePath = (value: string) => /^\/(?![/\\])[^\s<>"'`\\]*$/.test(value)

const webUrl = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(SITE_LIMITS.urlMax, `${label}不能超过${SITE_LIMITS.urlMax}个字符`)
    .refine(isWebUrl, `${label}须为以 http:// 或 https:// 开头的网址`)

/** One link of a list: its name and where it leads (another site, or a page of this one). */
export const SiteLinkSchema = z.object({
  title: requiredText('链接名称', SITE_LIMITS.linkTitleMax),
  url: z
    .string({ error: '请输入链接地址' })
    .trim()
    .min(1, '请输入链接地址')
    .max(SITE_LIMITS.urlMax, `链接地址不能超过${SITE_LIMITS.urlMax}个字符`)
    .refine(
      (url) => isWebUrl(url) || isSitePath(url),
      '链接地址须为以 http:// 或 https:// 开头的网址，或以 / 开头的本站地址',
    ),
})
export type SiteLink = z.infer<typeof SiteLinkSchema>

/** An ordered list of links, none twice. */
const linkList = (max: number) =>
  z
    .array(SiteLinkSchema, { error: '请填写链接' })
    .min(1, '请至少填写一个链接')
    .max(max, `链接不能超过${max}个`)
    .superRefine((links, ctx) => {
      links.forEach((link, i) => {
        const first = links.findIndex((other) => other.url === link.url)
        if (first < i)
          ctx.addIssue({
            code: 'custom',
            path: [i, 'url'],
            message: `第${i + 1}个链接的地址与第${first + 1}个重复：${link.url}`,
          })
      })
    })

/** 首页链接: the home page's quick links, in order (one item for the whole list). */
export const HomeLinksFieldsSchema = z.object({
  links: linkList(SITE_LIMITS.homeLinksMax),
})
export type HomeLinksFields = z.infer<typeof HomeLinksFieldsSchema>

/** One footer link group (国家部委 …), its links in order (an item per group). */
export const FooterLinksFieldsSchema = z.object({
  type: z
    .number({ error: '请选择链接分组' })
    .int('链接分组无效')
    .refine(
      (type) => (FOOTER_LINK_TYPES as readonly number[]).includes(type),
      `链接分组须为：${FOOTER_LINK_GROUPS.map((g) => `${g.label}（${g.type}）`).join('、')}`,
    ),
  links: linkList(SITE_LIMITS.footerLinksMax),
})
export type FooterLinksFields = z.infer<typeof FooterLinksFieldsSchema>

/**
 * One dictionary of /Common/SysDic (an item per type): its entries in order, no value and no
 * name twice. A dictionary whose values the portal reads (CODED_DICTIONARIES) keeps exactly
 * those values; its names and order may change.
 */
export const DictionaryFieldsSchema = z
  .object({
    type: z
      .string({ error: '请输入字典类型' })
      .trim()
      .min(1, '请输入字典类型')
      .max(
        SITE_LIMITS.dictionaryTypeMax,
        `字典类型不能超过${SITE_LIMITS.dictionaryTypeMax}个字符`,
      )
      .regex(
        /^[A-Za-z][A-Za-z0-9_-]*$/,
        '字典类型只能由字母、数字、下划线和短横线组成，并以字母开头（如 project_type）',
      ),
    name: requiredText('字典名称', SITE_LIMITS.dictionaryNameMax),
    entries: z
      .array(
        z.object({
          label: requiredText('字典项名称', SITE_LIMITS.dictionaryTextMax),
          value: requiredText('字典项取值', SITE_LIMITS.dictionaryTextMax),
        }),
        { error: '请填写字典项' },
      )
      .min(1, '请至少填写一个字典项')
      .max(
        SITE_LIMITS.dictionaryEntriesMax,
        `字典项不能超过${SITE_LIMITS.dictionaryEntriesMax}个`,
      ),
  })
  .superRefine((fields, ctx) => {
    const { entries } = fields
    for (const key of ['value', 'label'] as const) {
      const what = key === 'value' ? '取值' : '名称'
      entries.forEach((entry, i) => {
        const first = entries.findIndex((other) => other[key] === entry[key])
        if (first < i)
          ctx.addIssue({
            code: 'custom',
            path: ['entries', i, key],
            message: `第${i + 1}项的${what}「${entry[key]}」与第${first + 1}项重复，同一字典中的${what}不能重复`,
          })
      })
    }
    const coded = CODED_DICTIONARIES[fields.type]
    if (!coded) return
    const given = new Set(entries.map((entry) => entry.value))
    const missing = coded.values.filter((value) => !given.has(value))
    const extra = [...given].filter((value) => !coded.values.includes(value))
    if (missing.length > 0 || extra.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['entries'],
        message: [
          `「${coded.name}」字典的取值由平台使用，只能修改名称和顺序，不能增删或修改取值`,
          missing.length > 0 ? `缺少：${missing.join('、')}` : '',
          extra.length > 0 ? `多出：${extra.join('、')}` : '',
        ]
          .filter(Boolean)
          .join('；'),
      })
  })
export type DictionaryFields = z.infer<typeof DictionaryFieldsSchema>

/**
 * A service hotline as visitors dial it: digits with single hyphens between groups, and a 400
 * or 800 number (10 digits), a landline with its area code (10–12 digits) or a mobile number.
 */
function isHotline(value: string): boolean {
  if (!/^\d+(?:-\d+)*$/.test(value)) return false
  const digits = value.replace(/-/g, '')
  return /^(?:[48]00\d{7}|0\d{9,11}|1[3-9]\d{9})$/.test(digits)
}

/** 站点设置: one item; what every page shows of who runs the site. */
export const SiteSettingsFieldsSchema = z.object({
  platformName: requiredText('平台名称', 50),
  serviceHotline: z
    .string({ error: '请输入服务热线' })
    .trim()
    .min(1, '请输入服务热线')
    .max(20, '服务热线不能超过20个字符')
    .refine(
      isHotline,
      '服务热线格式不正确：应为400或800号码（如 400-9955-015）、带区号的固定电话（如 0991-4531870）或11位手机号，分段只用短横线',
    ),
  guidanceUnit: requiredText('指导单位', SITE_LIMITS.settingTextMax),
  technicalSupport: requiredText('技术支持单位', SITE_LIMITS.settingTextMax),
  externalLoginUrl: webUrl('登录注册地址'),
  studySiteUrl: webUrl('在线学习地址'),
})
export type SiteSettingsFields = z.infer<typeof SiteSettingsFieldsSchema>

/** A kind and its fields, as the editor sends them. */
export const ContentFieldsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('article'), fields: ArticleFieldsSchema }),
  z.object({ kind: z.literal('policy'), fields: PolicyFieldsSchema }),
  z.object({ kind: z.literal('project'), fields: ProjectFieldsSchema }),
  z.object({
    kind: z.literal('announcement'),
    fields: AnnouncementFieldsSchema,
  }),
  z.object({ kind: z.literal('linkage'), fields: LinkageFieldsSchema }),
  z.object({ kind: z.literal('credit'), fields: CreditFieldsSchema }),
  z.object({ kind: z.literal('homeLinks'), fields: HomeLinksFieldsSchema }),
  z.object({
    kind: z.literal('footerLinks'),
    fields: FooterLinksFieldsSchema,
  }),
  z.object({ kind: z.literal('dictionary'), fields: DictionaryFieldsSchema }),
  z.object({
    kind: z.literal('siteSettings'),
    fields: SiteSettingsFieldsSchema,
  }),
])
export type ContentFields = z.infer<typeof ContentFieldsSchema>

/** The revision a change was based on: its number and how many times it had been saved. */
export const RevisionBaseSchema = z.object(
  {
    revisionNo: z.number().int().min(1),
    version: z.number().int().min(1),
  },
  { error: '缺少所依据的修订版本' },
)
export type RevisionBase = z.infer<typeof RevisionBaseSchema>

// Requests

/** POST /content/items: a new item, its first revision a draft of the caller's. */
export const CreateContentSchema = ContentFieldsSchema

/**
 * PUT /content/items/:id/draft: saves the working draft (a draft or returned revision, edited in
 * place), or starts a new revision from the published one. `isCorrection` marks a change of a
 * published item as a correction: the public page then says 「更正」 with the date.
 */
export const SaveDraftSchema = z.intersection(
  ContentFieldsSchema,
  z.object({
    base: RevisionBaseSchema,
    isCorrection: z.boolean().default(false),
    correctionNote: shortText('更正说明', 200),
  }),
)
export type SaveDraft = z.infer<typeof SaveDraftSchema>

/** submit, discard, cancel-schedule: only the revision acted on. */
export const RevisionActionSchema = z.object({ base: RevisionBaseSchema })

/** approve: publish now, or at `publishAt` (later than now, within MAX_SCHEDULE_DAYS). */
export const ApproveRevisionSchema = z.object({
  base: RevisionBaseSchema,
  publishAt: DateTimeTextSchema.optional(),
})

/** return: back to its author with the reviewer's comment. */
export const ReturnRevisionSchema = z.object({
  base: RevisionBaseSchema,
  comment: z
    .string({ error: '请填写退回意见' })
    .trim()
    .min(1, '请填写退回意见')
    .max(
      CONTENT_LIMITS.commentMax,
      `退回意见不能超过${CONTENT_LIMITS.commentMax}个字符`,
    ),
})

/** withdraw: off the public side; its public address then says so, with the reason. */
export const WithdrawItemSchema = z.object({
  reason: z
    .string({ error: '请填写撤回原因' })
    .trim()
    .min(1, '请填写撤回原因')
    .max(
      CONTENT_LIMITS.reasonMax,
      `撤回原因不能超过${CONTENT_LIMITS.reasonMax}个字符`,
    ),
})

export const CONTENT_QUEUES = [
  'draft',
  'returned',
  'submitted',
  'scheduled',
] as const
/** GET /content/items: by kind, public state, the latest revision's state, keyword. */
export const ContentItemQuerySchema = PageQuerySchema.extend({
  kind: ContentKindSchema.optional(),
  itemState: z.enum(ITEM_STATES, { error: '发布状态无效' }).optional(),
  queue: z.enum(CONTENT_QUEUES, { error: '待办类别无效' }).optional(),
  categoryId: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(100, '关键字不能超过100个字符').optional(),
})
export type ContentItemQuery = z.infer<typeof ContentItemQuerySchema>

// Answers

const RevisionStateSchema = z.enum(REVISION_STATES)
const ItemStateSchema = z.enum(ITEM_STATES)

/** One revision in an item's history: who wrote, reviewed and published it, and when. */
export const RevisionSummarySchema = z.object({
  revisionNo: z.number().int(),
  version: z.number().int(),
  state: RevisionStateSchema,
  isCorrection: z.boolean(),
  correctionNote: z.string(),
  authorName: z.string(),
  createdAt: DateTimeTextSchema,
  updatedAt: DateTimeTextSchema,
  submittedAt: DateTimeTextSchema.nullable(),
  reviewerName: z.string().nullable(),
  reviewedAt: DateTimeTextSchema.nullable(),
  /** The reviewer's comment when returned. */
  reviewComment: z.string().nullable(),
  /** When an approved revision is (or was) to be published. */
  publishAt: DateTimeTextSchema.nullable(),
  publishedAt: DateTimeTextSchema.nullable(),
  publisherName: z.string().nullable(),
  /** Every review of it, oldest first: each return with its comment, approval, schedule. */
  reviews: z.array(
    z.object({
      outcome: z.enum(REVIEW_OUTCOMES),
      /** Null for the portal's own (a scheduled publication it could not make). */
      reviewerName: z.string().nullable(),
      comment: z.string().nullable(),
      publishAt: DateTimeTextSchema.nullable(),
      at: DateTimeTextSchema,
    }),
  ),
})
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>

/**
 * POST /content/items answers at least the new item's id (the console opens it next); any
 * further keys (the item's detail, say) are read by nobody yet.
 */
export const ContentCreatedSchema = z.object({ id: z.number().int() })

/** A revision with its fields. */
export const RevisionViewSchema = z.intersection(
  RevisionSummarySchema,
  ContentFieldsSchema,
)
export type RevisionView = z.infer<typeof RevisionViewSchema>

/** What the caller may do to the item now, given its state and the caller's roles. */
export const CONTENT_ACTIONS = [
  'save',
  'submit',
  'discard',
  'approve',
  'return',
  'cancel-schedule',
  'withdraw',
] as const
export type ContentAction = (typeof CONTENT_ACTIONS)[number]

export const ContentItemSummarySchema = z.object({
  id: z.number().int(),
  kind: ContentKindSchema,
  categoryId: z.number().int(),
  categoryName: z.string(),
  title: z.string(),
  itemState: ItemStateSchema,
  /** When the public side first showed it; null until then. */
  publishedAt: DateTimeTextSchema.nullable(),
  latest: RevisionSummarySchema,
  /** The public page's path (/index/newDetail?id=…); null until first published. */
  publicPath: z.string().nullable(),
})
export type ContentItemSummary = z.infer<typeof ContentItemSummarySchema>

export const ContentItemPageSchema = z.object({
  items: z.array(ContentItemSummarySchema),
  total: z.number().int(),
})
export type ContentItemPage = z.infer<typeof ContentItemPageSchema>

export const ContentItemDetailSchema = z.object({
  id: z.number().int(),
  kind: ContentKindSchema,
  itemState: ItemStateSchema,
  publicPath: z.string().nullable(),
  publishedRevisionNo: z.number().int().nullable(),
  withdrawal: z
    .object({
      reason: z.string(),
      at: DateTimeTextSchema,
      byName: z.string(),
    })
    .nullable(),
  /** The latest revision, with its fields: what the editor edits and the reviewer reads. */
  working: RevisionViewSchema,
  /** Every revision, newest first. */
  history: z.array(RevisionSummarySchema),
  /** The attachments and cover the fields name, for the editor to show by name. */
  files: z.array(
    z.object({
      id: StoredFileIdSchema,
      name: z.string(),
      size: z.number().int(),
      mime: z.string(),
      url: z.string(),
    }),
  ),
  allowedActions: z.array(z.enum(CONTENT_ACTIONS)),
})
export type ContentItemDetail = z.infer<typeof ContentItemDetailSchema>

/** The preview of 首页链接: the home page's quick links as /Home/Link would answer them. */
export const HomeLinksPreviewSchema = z.object({
  homeLinks: z.array(HomeLinkSchema),
})
export type HomeLinksPreview = z.infer<typeof HomeLinksPreviewSchema>

/**
 * The preview of a footer link group: the whole footer's four groups in display order, as
 * /linkConfiguration/SearchByPlatformType would answer each, this revision's group in its place
 * and the others as published.
 */
export const FooterLinksPreviewSchema = z.object({
  footerGroups: z.array(FooterLinkGroupSchema),
})
export type FooterLinksPreview = z.infer<typeof FooterLinksPreviewSchema>

/** The preview of a dictionary: its type and name, and /Common/SysDic's Table for that type. */
export const DictionaryPreviewSchema = z.object({
  dictionary: z.object({
    type: z.string(),
    name: z.string(),
    Table: z.array(DicItemSchema),
  }),
})
export type DictionaryPreview = z.infer<typeof DictionaryPreviewSchema>

/** The preview of the site settings: what every page will show. */
export const SiteSettingsPreviewSchema = z.object({
  siteSettings: SiteSettingsSchema,
})
export type SiteSettingsPreview = z.infer<typeof SiteSettingsPreviewSchema>

/**
 * GET /content/items/:id/revisions/:no/public-view: a revision as its public page will show it,
 * in the Portal API's shape of that page, by the item's kind (ContentPublicViewOf): an article
 * or policy as ArticleDetail; a project as ProjectDetail; an announcement as its project's
 * ProjectDetail with the announcement on its stage's tab; a linkage record as LinkageDetail;
 * a credit record as CreditDetail (/Credit/Detail); links, dictionaries and settings as the public side will show them, each under a key of its
 * own (homeLinks, footerGroups, dictionary, siteSettings).
 */
export const ContentPublicViewSchema = z.union([
  ArticleDetailSchema,
  ProjectDetailSchema,
  LinkageDetailSchema,
  CreditDetailSchema,
  HomeLinksPreviewSchema,
  FooterLinksPreviewSchema,
  DictionaryPreviewSchema,
  SiteSettingsPreviewSchema,
])
export type ContentPublicViewOf = {
  article: ArticleDetail
  policy: ArticleDetail
  project: ProjectDetail
  announcement: ProjectDetail
  linkage: LinkageDetail
  credit: CreditDetail
  homeLinks: HomeLinksPreview
  footerLinks: FooterLinksPreview
  dictionary: DictionaryPreview
  siteSettings: SiteSettingsPreview
}
export type ContentPublicView = ContentPublicViewOf[keyof ContentPublicViewOf]

/** GET /content/projects: the published projects an announcement or record may belong to. */
export const ProjectChoiceQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100, '关键字不能超过100个字符').optional(),
})
export type ProjectChoiceQuery = z.infer<typeof ProjectChoiceQuerySchema>

/**
 * A project as the announcement and linkage forms choose it: `projectId` is what their fields
 * name; each stage of its tab set with the announcement item already written for it (edit that
 * one: a second is refused), or null.
 */
export const ProjectChoiceSchema = z.object({
  projectId: z.number().int(),
  /** The project's own content item. */
  itemId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  category: z.number().int(),
  categoryName: z.string(),
  isWithdrawn: z.boolean(),
  stages: z.array(
    z.object({
      stage: z.enum(TRADE_STAGE_KEYS),
      stageName: z.string(),
      itemId: z.number().int().nullable(),
    }),
  ),
})
export type ProjectChoice = z.infer<typeof ProjectChoiceSchema>
export const ProjectChoicePageSchema = z.object({
  items: z.array(ProjectChoiceSchema),
  total: z.number().int(),
})
export type ProjectChoicePage = z.infer<typeof ProjectChoicePageSchema>

/** GET /content/items/:id/diff?from=&to=: each field's text, split into kept, added, removed. */
export const RevisionDiffQuerySchema = z.object({
  from: z.coerce.number().int().min(1),
  to: z.coerce.number().int().min(1),
})
export const RevisionDiffSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  fields: z.array(
    z.object({
      field: z.string(),
      /** The field's Chinese name (标题, 正文, 附件 …). */
      label: z.string(),
      changed: z.boolean(),
      parts: z.array(
        z.object({
          value: z.string(),
          added: z.boolean(),
          removed: z.boolean(),
        }),
      ),
    }),
  ),
})
export type RevisionDiff = z.infer<typeof RevisionDiffSchema>

/**
 * POST /content/uploads (multipart, one file, field `file`; §5 upload rules): an editor's
 * picture or attachment. `location` is what TinyMCE's image upload reads.
 */
export const ContentUploadSchema = z.object({
  id: StoredFileIdSchema,
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  url: z.string(),
  location: z.string(),
})
export type ContentUpload = z.infer<typeof ContentUploadSchema>

/** GET /content/dashboard: what waits for the caller. */
export const ContentDashboardSchema = z.object({
  submitted: z.number().int(),
  returnedToMe: z.number().int(),
  myDrafts: z.number().int(),
  scheduled: z.number().int(),
})
export type ContentDashboard = z.infer<typeof ContentDashboardSchema>
