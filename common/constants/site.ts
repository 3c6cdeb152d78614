/** Who runs the portal and how to reach them (spec §9 unless noted). */

export const PLATFORM_NAME = '水利工程招标投标在线监督平台'
export const SERVICE_HOTLINE = '400-9955-015'
export const GUIDANCE_UNIT = '自治区水利厅'
export const TECHNICAL_SUPPORT = '新疆水利信息技术服务有限公司'

/** The department's contact details (/contact). */
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

/** Side menu: the top-level routes that are not hidden (spec §2). */
export const SIDE_MENU = [
  { path: '/index', label: '首页' },
  { path: '/business', label: '项目信息' },
  { path: '/complaint', label: '投诉举报' },
  { path: '/policies', label: '政策法规' },
] as const

/** Whose seal the department's documents (处理决定书) carry. */
export const DEPARTMENT_SEAL_NAME = '新疆维吾尔自治区水利厅'
