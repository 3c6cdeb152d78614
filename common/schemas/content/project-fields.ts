import { z } from 'zod'

import { CONTENT_LIMITS } from '#common/constants/content.ts'
import {
  LINKAGE_STATUSES,
  REGIONS,
  SCHEDULED_CATEGORIES,
  TRADE_CATEGORIES,
  TRADE_MODES,
  TRADE_STAGE_KEYS,
  TRADE_STAGES,
  tradeCategory,
  type TradeStageKey,
} from '#common/constants/trade.ts'
import { withOwnImages } from '#common/html-images.ts'
import { withBoundedShape } from '#common/html-shape.ts'
import { DateTimeTextSchema } from '../article.ts'
import { LinkageDetailSchema, ProjectDetailSchema } from '../project.ts'
import {
  attachments,
  content,
  DateTextSchema,
  requiredText,
  shortText,
  title,
} from './field-parts.ts'
import { categoriesOf } from './kind-entry.ts'
import { StageFactsSchema } from './stage-facts.ts'

const projectId = z
  .number({ error: '请选择所属项目' })
  .int('所属项目无效')
  .positive('所属项目无效')

/** Its stages' announcements are items of their own (AnnouncementFieldsSchema). */
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

/** Each project has at most one item per stage; the server checks that against the project. */
export const AnnouncementFieldsSchema = z
  .object({
    projectId,
    stage: z.enum(TRADE_STAGE_KEYS, '请选择交易环节'),
    title,
    content,
    attachments,
    /** The stage's facts as data (stage-facts.ts); null where the stage has none or none is given yet. */
    facts: StageFactsSchema.nullable().default(null),
  })
  .superRefine((fields, ctx) => {
    if (fields.facts !== null && fields.facts.stage !== fields.stage)
      ctx.addIssue({
        code: 'custom',
        path: ['facts'],
        message: `结构化信息属于「${TRADE_STAGES[fields.facts.stage]}」，与所选交易环节「${TRADE_STAGES[fields.stage]}」不符`,
      })
  })
export type AnnouncementFields = z.infer<typeof AnnouncementFieldsSchema>

export const LinkageFieldsSchema = z
  .object({
    projectId,
    title,
    item: requiredText('监管事项', 200),
    finding: requiredText('发现问题', 2000),
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
    deadline: z
      .string({ error: '请填写整改期限' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD'),
    /** 整改完成日期: set once rectified (已整改, 已销号), null while 整改中. */
    rectifiedDate: DateTextSchema.nullable().default(null),
    /** 整改情况: HTML from the editor, sanitized by the server. */
    content: z
      .string({ error: '请输入整改情况' })
      .min(1, '请输入整改情况')
      .max(CONTENT_LIMITS.contentMax, '整改情况过长')
      .superRefine(withBoundedShape('整改情况', CONTENT_LIMITS.elementsMax))
      .superRefine(withOwnImages('整改情况')),
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

/** The stage's place in TRADE_STAGES, from 1: an announcement's 分类 in the console. */
export const stageNumber = (stage: TradeStageKey): number =>
  TRADE_STAGE_KEYS.indexOf(stage) + 1

export const PROJECT_KINDS = {
  project: {
    label: '项目',
    categories: categoriesOf(TRADE_CATEGORIES),
    fields: ProjectFieldsSchema,
    publicView: ProjectDetailSchema,
  },
  /** Its project's page, the announcement on its stage's tab. */
  announcement: {
    label: '阶段公告',
    categories: {
      ids: TRADE_STAGE_KEYS.map(stageNumber),
      nameOf: (id: number) => {
        const stage = TRADE_STAGE_KEYS[id - 1]
        return stage ? TRADE_STAGES[stage] : ''
      },
    },
    fields: AnnouncementFieldsSchema,
    publicView: ProjectDetailSchema,
  },
  linkage: {
    label: '联动监管记录',
    // By the state of its rectification.
    categories: categoriesOf(LINKAGE_STATUSES),
    fields: LinkageFieldsSchema,
    publicView: LinkageDetailSchema,
  },
}
