import { z } from 'zod'

import {
  CODED_DICTIONARIES,
  FOOTER_LINK_GROUPS,
  FOOTER_LINK_TYPES,
  footerGroupLabel,
  SITE_LIMITS,
} from '#common/constants/site.ts'
import {
  DicItemSchema,
  FooterLinkGroupSchema,
  HomeLinkSchema,
  SiteSettingsSchema,
} from '../site.ts'
import { requiredText } from './field-parts.ts'

// http(s) only: no javascript:, data: …
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

const isSitePath = (value: string) => /^\/(?![/\\])[^\s<>"'`\\]*$/.test(value)

const webUrl = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(SITE_LIMITS.urlMax, `${label}不能超过${SITE_LIMITS.urlMax}个字符`)
    .refine(isWebUrl, `${label}须为以 http:// 或 https:// 开头的网址`)

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

export const HomeLinksFieldsSchema = z.object({
  links: linkList(SITE_LIMITS.homeLinksMax),
})
export type HomeLinksFields = z.infer<typeof HomeLinksFieldsSchema>

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

// 400 or 800 numbers have 10 digits, a landline with its area code 10–12.
function isHotline(value: string): boolean {
  if (!/^\d+(?:-\d+)*$/.test(value)) return false
  const digits = value.replace(/-/g, '')
  return /^(?:[48]00\d{7}|0\d{9,11}|1[3-9]\d{9})$/.test(digits)
}

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

const HomeLinksPreviewSchema = z.object({
  homeLinks: z.array(HomeLinkSchema),
})

/**
 * The preview of a footer link group: the whole footer's four groups in display order, as
 * /linkConfiguration/SearchByPlatformType would answer each, this revision's group in its place
 * and the others as published.
 */
const FooterLinksPreviewSchema = z.object({
  footerGroups: z.array(FooterLinkGroupSchema),
})

const DictionaryPreviewSchema = z.object({
  dictionary: z.object({
    type: z.string(),
    name: z.string(),
    Table: z.array(DicItemSchema),
  }),
})

const SiteSettingsPreviewSchema = z.object({
  siteSettings: SiteSettingsSchema,
})

/** Each item holds a whole list, so a reviewer reviews one coherent change. */
export const SITE_KINDS = {
  homeLinks: {
    label: '首页链接',
    fields: HomeLinksFieldsSchema,
    publicView: HomeLinksPreviewSchema,
  },
  footerLinks: {
    label: '页脚链接',
    // One item per footer group.
    categories: { ids: FOOTER_LINK_TYPES, nameOf: footerGroupLabel },
    fields: FooterLinksFieldsSchema,
    publicView: FooterLinksPreviewSchema,
  },
  dictionary: {
    label: '数据字典',
    fields: DictionaryFieldsSchema,
    publicView: DictionaryPreviewSchema,
  },
  siteSettings: {
    label: '站点设置',
    fields: SiteSettingsFieldsSchema,
    publicView: SiteSettingsPreviewSchema,
  },
}
