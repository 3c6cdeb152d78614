import { z } from 'zod'

import { DEFAULT_PTYPE } from '#common/constants/protocol.ts'

/** POST /Common/SysDic: a dictionary by type; answered as Label/Value in a Table wrapper (spec §3). */
export const SysDicQuerySchema = z.object({
  type: z.string().trim().min(1).max(50),
})
export type SysDicQuery = z.infer<typeof SysDicQuerySchema>
export const DicItemSchema = z.object({ Label: z.string(), Value: z.string() })
export const SysDicResultSchema = z.object({ Table: z.array(DicItemSchema) })
export type SysDicResult = z.infer<typeof SysDicResultSchema>

export const HomeLinkSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
})
export type HomeLink = z.infer<typeof HomeLinkSchema>

/** POST /linkConfiguration/SearchByPlatformType: one footer link group (spec §3). */
export const FooterLinkQuerySchema = z.object({
  platformType: z.string().trim().min(1).max(20).default(DEFAULT_PTYPE),
  type: z.coerce
    .number()
    .int()
    .refine((t) => [1, 3, 4, 6].includes(t), '链接分组类型无效'),
})
export type FooterLinkQuery = z.infer<typeof FooterLinkQuerySchema>
export const FooterLinkGroupSchema = z.object({
  type: z.number().int(),
  children: z.array(z.object({ ADDRESS: z.string(), TITLE: z.string() })),
})
export type FooterLinkGroup = z.infer<typeof FooterLinkGroupSchema>

/** Published through the content workflow; every page reads the published ones. */
export const SiteSettingsSchema = z.object({
  platformName: z.string(),
  serviceHotline: z.string(),
  guidanceUnit: z.string(),
  technicalSupport: z.string(),
  externalLoginUrl: z.string(),
  studySiteUrl: z.string(),
})
export type SiteSettings = z.infer<typeof SiteSettingsSchema>
