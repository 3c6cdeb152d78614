import {
  COMPLAINANT_TYPES,
  COMPLAINT_PARTY_ROLES,
  COMPLAINT_TYPES,
} from './statute.ts'
import { REGION_DICTIONARY_TYPE, REGIONS } from './trade.ts'

/**
 * What a new database's site settings start with (migration 0015), and what the texts that
 * cannot wait for a setting keep: the SMS signature registered with the carrier, the built-in
 * seal's certificate names, the department named in its documents.
 */
export const PLATFORM_NAME = '水利工程招标投标在线监督平台'
export const SERVICE_HOTLINE = '400-9955-015'
export const GUIDANCE_UNIT = '自治区水利厅'
const TECHNICAL_SUPPORT = '新疆水利信息技术服务有限公司'
const EXTERNAL_LOGIN_URL = 'https://uia.slt.xinjiang.gov.cn/login'
const STUDY_SITE_URL = 'https://study.slt.xinjiang.gov.cn/'

export const SITE_SETTING_DEFAULTS = {
  platformName: PLATFORM_NAME,
  serviceHotline: SERVICE_HOTLINE,
  guidanceUnit: GUIDANCE_UNIT,
  technicalSupport: TECHNICAL_SUPPORT,
  externalLoginUrl: EXTERNAL_LOGIN_URL,
  studySiteUrl: STUDY_SITE_URL,
} as const

export const DEPARTMENT_ADDRESS =
  '新疆维吾尔自治区乌鲁木齐市水磨沟区南湖东路158号'
export const DEPARTMENT_POSTCODE = '830063'
export const COMPLAINT_OFFICE = '自治区水利厅建设与管理处（招标投标投诉受理）'
export const COMPLAINT_OFFICE_PHONE = '0991-4531870'
/** Xinjiang's offices keep Beijing time with later hours and a long midday break. */
export const OFFICE_HOURS = {
  days: '工作日（周一至周五）',
  morning: '10:00—14:00',
  afternoon: '15:30—19:30',
  lunchBreak: '14:00—15:30',
} as const

/** Footer link groups in display order (spec §3, §9). */
export const FOOTER_LINK_GROUPS = [
  { type: 1, label: '国家部委' },
  { type: 6, label: '省级水利厅（局）' },
  { type: 3, label: '地州市交易中心' },
  { type: 4, label: '其他网站' },
] as const
export const FOOTER_LINK_TYPES = FOOTER_LINK_GROUPS.map((group) => group.type)

export const footerGroupLabel = (type: number): string =>
  FOOTER_LINK_GROUPS.find((group) => group.type === type)?.label ?? ''

/** Limits of the links, dictionaries and settings the console edits (the public tables' widths). */
export const SITE_LIMITS = {
  linkTitleMax: 100,
  urlMax: 500,
  homeLinksMax: 30,
  footerLinksMax: 40,
  dictionaryTypeMax: 50,
  dictionaryNameMax: 50,
  dictionaryEntriesMax: 300,
  dictionaryTextMax: 100,
  settingTextMax: 100,
} as const

/**
 * Dictionaries whose values are codes the portal itself reads (a complaint's type, the parties'
 * roles, a project's region): their labels and order may change, their values may not, and they
 * are never withdrawn. The others (project_type…) are free lists.
 */
export const CODED_DICTIONARIES: Record<
  string,
  { name: string; values: readonly string[] }
> = {
  complaint_type: {
    name: '投诉类型',
    values: COMPLAINT_TYPES.map((t) => t.value),
  },
  complainant_role: {
    name: '投诉人身份',
    values: COMPLAINT_PARTY_ROLES.map((r) => r.value),
  },
  complainant_type: {
    name: '投诉人类型',
    values: COMPLAINANT_TYPES.map((t) => t.value),
  },
  [REGION_DICTIONARY_TYPE]: {
    name: '所属地区',
    values: REGIONS.map((r) => r.value),
  },
}

/** Side menu: the top-level routes that are not hidden (spec §2). */
export const SIDE_MENU = [
  { path: '/index', label: '首页' },
  { path: '/business', label: '项目信息' },
  { path: '/complaint', label: '投诉举报' },
  { path: '/policies', label: '政策法规' },
  // 招标投标违法行为记录公告暂行办法: the records are published where visitors look them up.
  { path: '/credit', label: '信用信息' },
] as const

export const DEPARTMENT_SEAL_NAME = '新疆维吾尔自治区水利厅'
