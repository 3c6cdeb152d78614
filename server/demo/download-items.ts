import { DOWNLOAD_CATEGORY_ID } from '#common/constants/articles.ts'
import { COMPLAINT_GUIDE } from '#common/constants/complainant-guide.ts'
import {
  EVIDENCE_FILE_RULE,
  ONLINE_COMPLAINT_STEPS,
} from '#common/constants/online-complaint-steps.ts'
import {
  COMPLAINT_OFFICE_PHONE,
  SERVICE_HOTLINE,
} from '#common/constants/site.ts'
import {
  startOfShanghaiDay,
  toShanghaiText,
} from '#server/shared/publish-time.ts'

import { policyAttachments } from './policy-document.ts'
import { DATA_EXCHANGE_SPEC, DATA_REPORT_FORM } from './policy-guides.ts'
import { COMPLAINT_FORM_TEMPLATE } from './policy-regional.ts'
import type { AttachmentSpec } from './template-context.ts'

// The download centre (category 1080): the forms and guides a bidder or complainant needs,
// each an article whose attachments are the files. Templates already attached to a policy are
// offered again under a plain file name; the rest are written here.

const CONSTRUCTION_OFFICE = '自治区水利厅建设与管理处'
const DEPARTMENT = '新疆维吾尔自治区水利厅'
const DAY_MS = 86_400_000

type DownloadTemplate = {
  title: string
  /** What the form or guide is for: the line the download centre shows. */
  summary: string
  source: string
  daysBack: number
  attachments: AttachmentSpec[]
}

/** 条例 art. 60 and the guide's time limits, as the guide PDF states them. */
const timeLimits = COMPLAINT_GUIDE.find((s) => s.title.includes('投诉时限'))!

const complaintGuide: AttachmentSpec = {
  kind: 'pdf',
  name: '网上投诉操作指南.pdf',
  title: '水利工程招标投标在线监督平台网上投诉操作指南',
  paragraphs: [
    '一、投诉前的准备',
    ...timeLimits.paragraphs,
    '网上投诉须使用投诉人有效的电子印章：法人和其他组织使用单位电子印章，自然人使用个人电子签名。',
    EVIDENCE_FILE_RULE,
    '二、在线投诉步骤',
    ...ONLINE_COMPLAINT_STEPS.map((step, i) => `${i + 1}. ${step}`),
    '三、查询与后续办理',
    '在“投诉举报—投诉查询”中凭投诉编号和查询码查看办理进度和时限，签收文书，按补正通知补充材料，在作出处理决定前申请撤回投诉。',
    `四、咨询电话：服务热线 ${SERVICE_HOTLINE}（平台使用、电子印章）；投诉受理电话 ${COMPLAINT_OFFICE_PHONE}（投诉受理与办理）。`,
  ],
}

const objectionTemplate: AttachmentSpec = {
  kind: 'docx',
  name: '招标投标异议书（范本）.docx',
  title: '招标投标异议书（范本）',
  paragraphs: [
    '异议人（名称、地址、联系人及有效联系方式）：',
    '招标人（名称）：',
    '项目名称及标段编号：',
    '异议事项（资格预审文件／招标文件／开标／评标结果）：',
    '异议的事实和理由：',
    '异议请求：',
    '异议人（盖章或签字）：　　　　　　年　　月　　日',
  ],
  form: { columns: ['序号', '证明材料名称', '页数', '备注'], rows: 5 },
}

const proxyTemplate: AttachmentSpec = {
  kind: 'docx',
  name: '投诉授权委托书（范本）.docx',
  title: '授权委托书（范本）',
  paragraphs: [
    '委托人（投诉人）名称：',
    '法定代表人（负责人）：',
    '受托人姓名、身份证件号码及联系电话：',
    '现委托受托人代为办理（项目名称及编号）招标投标投诉事务，委托权限：',
    '委托期限：自　　年　　月　　日至　　年　　月　　日。',
    '委托人（盖章）：　　　　法定代表人（签字）：　　　　年　　月　　日',
  ],
}

const DOWNLOADS: DownloadTemplate[] = [
  {
    title: '水利工程建设项目招标投标投诉书（范本）',
    summary:
      '投诉书应当写明投诉人和被投诉人的名称、地址及有效联系方式，投诉事项的基本事实，相关请求及主张，并附有效线索和相关证明材料。网上投诉由平台根据所填内容生成投诉书，本范本供准备材料时对照。',
    source: CONSTRUCTION_OFFICE,
    daysBack: 2,
    attachments: [
      {
        ...COMPLAINT_FORM_TEMPLATE,
        name: '水利工程建设项目招标投标投诉书（范本）.docx',
      },
    ],
  },
  {
    title: '网上投诉操作指南',
    summary:
      '投诉期限、先提异议的事项、电子印章和证明材料的要求，以及在线填写、签章、提交和查询的步骤。',
    source: CONSTRUCTION_OFFICE,
    daysBack: 3,
    attachments: [complaintGuide],
  },
  {
    title: '招标投标异议书（范本）',
    summary:
      '对资格预审文件、招标文件、开标或者评标结果投诉的，应当先向招标人提出异议（《中华人民共和国招标投标法实施条例》第二十二条、第四十四条、第五十四条、第六十条）。本范本供向招标人提出书面异议时使用。',
    source: CONSTRUCTION_OFFICE,
    daysBack: 10,
    attachments: [objectionTemplate],
  },
  {
    title: '投诉授权委托书（范本）',
    summary:
      '委托代理人办理投诉事务的，应当将授权委托书连同投诉书一并提交，授权委托书应当明确委托代理权限和事项（《工程建设项目招标投标活动投诉处理办法》第八条）。',
    source: CONSTRUCTION_OFFICE,
    daysBack: 10,
    attachments: [proxyTemplate],
  },
  {
    title: '数据交换接口规范及数据报送对接申请表',
    summary:
      '电子招标投标交易平台、公共资源交易平台与本平台对接时使用：接口规范说明通信、签名与加密方法，申请表由对接单位填写盖章后报送。',
    source: DEPARTMENT,
    daysBack: 45,
    attachments: [
      {
        ...policyAttachments(DATA_EXCHANGE_SPEC)[0]!,
        name: '水利工程招标投标在线监督平台数据交换接口规范（V2.1）.pdf',
      },
      { ...DATA_REPORT_FORM, name: '数据报送对接申请表.docx' },
    ],
  },
]

type PlannedDownload = {
  categoryId: number
  title: string
  content: string
  summary: string
  source: string
  publishTime: Date
  attachments: AttachmentSpec[]
}

/**
 * The download centre's entries, oldest first, published at 10:00 on their day. A document
 * number dated relative to today (`{year}`, policy-document.ts) takes the entry's year.
 */
export function planDownloadItems(now: Date): PlannedDownload[] {
  const today = startOfShanghaiDay(now).getTime()
  return DOWNLOADS.map((item) => {
    const issued = new Date(today - item.daysBack * DAY_MS + 10 * 3_600_000)
    const time = issued > now ? now : issued
    const year = toShanghaiText(time).slice(0, 4)
    const attachments = item.attachments.map((spec) => ({
      ...spec,
      paragraphs: spec.paragraphs.map((p) => p.replaceAll('{year}', year)),
    }))
    return {
      categoryId: DOWNLOAD_CATEGORY_ID,
      title: item.title,
      summary: item.summary,
      // The files follow the text as attachments: the body says what they are for.
      content: `<p>${item.summary}</p>`,
      source: item.source,
      publishTime: time,
      attachments,
    }
  }).sort((a, b) => a.publishTime.getTime() - b.publishTime.getTime())
}
