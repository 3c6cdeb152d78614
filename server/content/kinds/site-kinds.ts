import { CONTENT_REFUSALS } from '#common/constants/content.ts'
import {
  CODED_DICTIONARIES,
  FOOTER_LINK_GROUPS,
  footerGroupLabel,
} from '#common/constants/site.ts'
import {
  type DictionaryFields,
  DictionaryFieldsSchema,
  type FooterLinksFields,
  FooterLinksFieldsSchema,
  type HomeLinksFields,
  HomeLinksFieldsSchema,
  type SiteLink,
  type SiteSettingsFields,
  SiteSettingsFieldsSchema,
} from '#common/schemas/content/site-fields.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { findFooterLinks } from '#server/site/site-repository.ts'
import {
  clearDictionary,
  findDictionaryType,
  replaceDictionary,
  replaceFooterGroup,
  replaceHomeLinks,
  writeSiteSettings,
} from '#server/site/site-writer.ts'

import type {
  ContentKindDefinition,
  ContentPublisher,
} from './kind-definition.ts'

// Each item is a whole list (or the whole settings): a reviewer approves one coherent change, its
// diff reads as the list, and a publication replaces the public list at once.

const NO_FILES = { attachments: [], cover: null, images: [] }
const NO_CORRECTIONS =
  '首页链接、页脚链接、数据字典和站点设置的公开页面不显示更正说明，请不要标记为更正'

const linkLines = (links: SiteLink[]) =>
  links.map((link) => `${link.title}\u3000${link.url}`).join('\n')

const noWithdrawal = (): never => {
  throw new Error(
    'withdrawal refused by the kind before its publisher is asked',
  )
}

function publishEach<F>(
  publish: ContentPublisher<F>['publish'],
): ContentPublisher<F>['publishMany'] {
  return async (db, entries) => {
    const ids: number[] = []
    for (const { fields, publishedAt } of entries)
      ids.push(
        await publish(db, {
          publicId: null,
          fields,
          isFirstPublication: true,
          publishedAt,
          correction: null,
        }),
      )
    return ids
  }
}

const homeLinksPublisher: ContentPublisher<HomeLinksFields> = {
  publish: (db, { fields }) => replaceHomeLinks(db, fields.links),
  withdraw: async (db) => {
    await replaceHomeLinks(db, [])
  },
  publishMany: publishEach((db, { fields }) =>
    replaceHomeLinks(db, fields.links),
  ),
  async preview(_db, { fields }) {
    return {
      homeLinks: fields.links.map((link, i) => ({ id: i + 1, ...link })),
    }
  },
}

// 首页链接: the home page's quick links (/index/new, /Home/Link), one item for the list.
export const homeLinksKind: ContentKindDefinition<HomeLinksFields> = {
  kind: 'homeLinks',
  schema: HomeLinksFieldsSchema,
  normalize: (fields) => fields,
  listing: () => ({ title: '首页链接', categoryId: null }),
  files: () => NO_FILES,
  readable: (fields) => [
    { field: 'links', label: '链接', text: linkLines(fields.links) },
  ],
  publicPath: () => '/index/new',
  publisher: homeLinksPublisher,
  correctionRefusal: NO_CORRECTIONS,
  claim: {
    key: () => 'home',
    refusal: (_fields, holder) =>
      `首页链接已有内容（内容编号 ${holder}），请修改该条内容`,
  },
}

const footerLinksPublisher: ContentPublisher<FooterLinksFields> = {
  publish: (db, { fields }) =>
    replaceFooterGroup(db, fields.type, fields.links),
  withdraw: async (db, publicId) => {
    await replaceFooterGroup(db, publicId, [])
  },
  publishMany: publishEach((db, { fields }) =>
    replaceFooterGroup(db, fields.type, fields.links),
  ),
  async preview(db, { fields }) {
    // The whole footer as it will be: this group from the revision, the others as published.
    const footerGroups = await Promise.all(
      FOOTER_LINK_GROUPS.map(async ({ type }) => ({
        type,
        children:
          type === fields.type
            ? fields.links.map((link) => ({
                TITLE: link.title,
                ADDRESS: link.url,
              }))
            : (await findFooterLinks(db, type)).map((row) => ({
                TITLE: row.title,
                ADDRESS: row.address,
              })),
      })),
    )
    return { footerGroups }
  },
}

// 页脚链接: one of the four footer groups (types 1, 6, 3, 4), an item per group.
export const footerLinksKind: ContentKindDefinition<FooterLinksFields> = {
  kind: 'footerLinks',
  schema: FooterLinksFieldsSchema,
  normalize: (fields) => fields,
  listing: (fields) => ({
    title: `页脚链接：${footerGroupLabel(fields.type)}`,
    categoryId: fields.type,
  }),
  files: () => NO_FILES,
  readable: (fields) => [
    { field: 'type', label: '链接分组', text: footerGroupLabel(fields.type) },
    { field: 'links', label: '链接', text: linkLines(fields.links) },
  ],
  // The footer is on every page; the home page is where a visitor sees it first.
  publicPath: () => '/index/new',
  publisher: footerLinksPublisher,
  correctionRefusal: NO_CORRECTIONS,
  async check(_db, fields, { publicId }) {
    if (publicId !== null && publicId !== fields.type)
      throw new Refusal(
        400,
        `该内容是「${footerGroupLabel(publicId)}」分组的链接，已发布后不能改为其他分组；请修改对应分组的内容`,
      )
  },
  claim: {
    key: (fields) => String(fields.type),
    refusal: (fields, holder) =>
      `页脚「${footerGroupLabel(fields.type)}」分组已有内容（内容编号 ${holder}），请修改该条内容`,
  },
}

const dictionaryPublisher: ContentPublisher<DictionaryFields> = {
  publish: (db, { fields }) => replaceDictionary(db, fields),
  async withdraw(db, publicId) {
    const registered = await findDictionaryType(db, publicId)
    if (registered) await clearDictionary(db, registered.type)
  },
  publishMany: publishEach((db, { fields }) => replaceDictionary(db, fields)),
  async preview(_db, { fields }) {
    return {
      dictionary: {
        type: fields.type,
        name: fields.name,
        Table: fields.entries.map((entry) => ({
          Label: entry.label,
          Value: entry.value,
        })),
      },
    }
  },
}

// 数据字典: one dictionary of /Common/SysDic, an item per type; no page of its own.
export const dictionaryKind: ContentKindDefinition<DictionaryFields> = {
  kind: 'dictionary',
  schema: DictionaryFieldsSchema,
  normalize: (fields) => fields,
  listing: (fields) => ({
    title: `数据字典：${fields.name}（${fields.type}）`,
    categoryId: null,
  }),
  files: () => NO_FILES,
  readable: (fields) => [
    { field: 'type', label: '字典类型', text: fields.type },
    { field: 'name', label: '字典名称', text: fields.name },
    {
      field: 'entries',
      label: '字典项',
      text: fields.entries
        .map((entry) => `${entry.value}\u3000${entry.label}`)
        .join('\n'),
    },
  ],
  publicPath: () => null,
  publisher: dictionaryPublisher,
  correctionRefusal: NO_CORRECTIONS,
  withdrawalRefusal: (fields) => {
    const coded = CODED_DICTIONARIES[fields.type]
    return coded
      ? `「${coded.name}」字典的取值由平台使用，不能撤回；如需调整，请修改字典项后提交审核`
      : null
  },
  async check(db, fields, { publicId }) {
    if (publicId === null) return
    const registered = await findDictionaryType(db, publicId)
    if (registered && registered.type !== fields.type)
      throw new Refusal(
        400,
        `已发布的数据字典不能更改字典类型（接口按类型「${registered.type}」读取）；如需新的类型，请另建字典`,
      )
  },
  claim: {
    key: (fields) => fields.type,
    refusal: (fields, holder) =>
      `字典类型「${fields.type}」已有字典（内容编号 ${holder}），请修改该条内容`,
  },
}

const SETTING_LABELS: Record<keyof SiteSettingsFields, string> = {
  platformName: '平台名称',
  serviceHotline: '服务热线',
  guidanceUnit: '指导单位',
  technicalSupport: '技术支持单位',
  externalLoginUrl: '登录注册地址',
  studySiteUrl: '在线学习地址',
}

const siteSettingsPublisher: ContentPublisher<SiteSettingsFields> = {
  publish: (db, { fields, publishedAt }) =>
    writeSiteSettings(db, fields, toShanghaiText(publishedAt)),
  withdraw: noWithdrawal,
  publishMany: publishEach((db, { fields, publishedAt }) =>
    writeSiteSettings(db, fields, toShanghaiText(publishedAt)),
  ),
  async preview(_db, { fields }) {
    return { siteSettings: { ...fields } }
  },
}

// 站点设置: what every page shows of who runs the site; one item, never withdrawn.
export const siteSettingsKind: ContentKindDefinition<SiteSettingsFields> = {
  kind: 'siteSettings',
  schema: SiteSettingsFieldsSchema,
  normalize: (fields) => fields,
  listing: () => ({ title: '站点设置', categoryId: null }),
  files: () => NO_FILES,
  readable: (fields) =>
    (Object.keys(SETTING_LABELS) as (keyof SiteSettingsFields)[]).map(
      (field) => ({ field, label: SETTING_LABELS[field], text: fields[field] }),
    ),
  // Every page shows them; the contact page shows them all.
  publicPath: () => '/contact',
  publisher: siteSettingsPublisher,
  correctionRefusal: NO_CORRECTIONS,
  withdrawalRefusal: () => CONTENT_REFUSALS.settingsNotWithdrawn,
  claim: {
    key: () => 'site',
    refusal: (_fields, holder) =>
      `站点设置已有内容（内容编号 ${holder}），请修改该条内容`,
  },
}
