import type { PlannedProject } from './project-plan.ts'
import { factTable, heading, writtenDate } from './project-context.ts'
import { stageTime } from './demo-project.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import {
  p as para,
  signature,
  type AttachmentSpec,
} from './template-context.ts'

const DAY_MS = 86_400_000

type Issue = {
  item: string
  /** Days after the stage when the supervisor found the problem. */
  stage: 'bidNotice' | 'bidEvaluation' | 'bidResult' | 'procurementResult'
  after: [number, number]
  responsible: (p: PlannedProject) => string
  title: string
  finding: (p: PlannedProject) => string
  requirement: string
  rectification: (p: PlannedProject) => string
}

/** Problems the department finds in tendering supervision, each with the rule it breaks. */
const ISSUES: Issue[] = [
  {
    item: '招标文件编制',
    stage: 'bidNotice',
    after: [2, 6],
    responsible: (p) => p.tenderer,
    title: '招标文件设置不合理资格条件问题',
    finding: () =>
      '招标文件将“近三年获得省级及以上优质工程奖”设为投标人资格条件，属于以不合理条件限制、排斥潜在投标人（《中华人民共和国招标投标法实施条例》第三十二条）。',
    requirement:
      '删除该资格条件，发布澄清（修改）公告并视情况顺延投标截止时间，确保澄清发出之日至投标截止时间不少于15日。',
    rectification: (p) =>
      `${p.tenderer}已删除该资格条件，发布第1号澄清公告，并将投标截止时间相应顺延。`,
  },
  {
    item: '开标评标过程',
    stage: 'bidEvaluation',
    after: [1, 3],
    responsible: (p) => p.agency,
    title: '评标委员会评审不一致问题',
    finding: (p) =>
      `经调阅评标录像和评审记录，评标委员会对${p.offers[1]?.name ?? '第二中标候选人'}的施工组织设计评分与招标文件评分标准不一致，存在评分偏差。`,
    requirement:
      '招标代理机构组织原评标委员会对评分偏差进行复核并出具复核报告，评审结论发生变化的重新公示中标候选人。',
    rectification: () =>
      '原评标委员会已完成复核，对评分偏差予以纠正，复核后中标候选人排序未发生变化，复核报告已存档。',
  },
  {
    item: '合同签订',
    stage: 'bidResult',
    after: [35, 45],
    responsible: (p) => p.tenderer,
    title: '未在规定时限内签订合同问题',
    finding: () =>
      '招标人在中标通知书发出之日起三十日内未与中标人订立书面合同（《中华人民共和国招标投标法》第四十六条）。',
    requirement:
      '立即与中标人按照招标文件和中标人的投标文件订立书面合同，并将合同报行政监督部门备案。',
    rectification: (p) =>
      `${p.tenderer}已与${p.offers[0]!.name}签订施工合同，合同已报备。`,
  },
  {
    item: '项目经理到岗履职',
    stage: 'bidResult',
    after: [40, 90],
    responsible: (p) => p.offers[0]!.name,
    title: '项目经理未按投标承诺到岗问题',
    finding: (p) =>
      `现场检查发现，中标人${p.offers[0]!.name}的项目经理${p.offers[0]!.manager}未按投标承诺到岗履职，现场主要管理人员与投标文件不符。`,
    requirement:
      '中标人立即安排投标承诺的项目经理到岗；确需更换的，应按合同约定报发包人同意，更换人员资格不得低于投标承诺。',
    rectification: () =>
      '中标人已安排项目经理到岗，并提交了项目经理考勤记录和现场管理人员名册，监理单位已核实。',
  },
  {
    item: '投标保证金退还',
    stage: 'bidResult',
    after: [8, 14],
    responsible: (p) => p.tenderer,
    title: '投标保证金未按时退还问题',
    finding: () =>
      '招标人未在书面合同签订后5日内向中标人和未中标的投标人退还投标保证金（《中华人民共和国招标投标法实施条例》第五十七条）。',
    requirement: '立即退还投标保证金及银行同期存款利息，并提交退还凭证。',
    rectification: () =>
      '招标人已退还全部投标保证金及同期存款利息，退还凭证已提交。',
  },
  {
    item: '采购结果公告',
    stage: 'procurementResult',
    after: [3, 10],
    responsible: (p) => p.agency,
    title: '中标（成交）结果公告信息不完整问题',
    finding: () =>
      '中标（成交）结果公告未公告评审专家名单及代理服务收费标准（《中华人民共和国政府采购法实施条例》第四十三条）。',
    requirement:
      '补充发布更正公告，完整公告评审专家名单、代理服务收费标准及金额。',
    rectification: () =>
      '采购代理机构已发布更正公告，补充公告了评审专家名单及代理服务收费信息。',
  },
]

type PlannedLinkage = {
  projectIndex: number
  title: string
  item: string
  finding: string
  requirement: string
  responsibleUnit: string
  status: 1 | 2 | 3
  foundDate: string
  deadline: string
  rectifiedDate: string | null
  content: string
  publishTime: Date
  attachments: AttachmentSpec[]
}

const dateText = (date: Date) => toShanghaiText(date).slice(0, 10)

/**
 * Linkage supervision records (联动监管) for about ten of the tendered projects, each found
 * after the stage it concerns, rectified (or still open) in date order, never after `now`.
 */
export function planDemoLinkages(
  projects: PlannedProject[],
  now: Date,
): PlannedLinkage[] {
  const records: PlannedLinkage[] = []
  projects.forEach((project, projectIndex) => {
    // Supervision looks back at concluded trades.
    if (project.category > 2 || project.isLive || records.length >= 12) return
    const c = project.c
    const issues = ISSUES.filter((issue) => project.times[issue.stage])
    // Every other construction project, every third procurement.
    if (projectIndex % (project.category === 1 ? 2 : 3) !== 0) return
    const issue = issues[(projectIndex >> 1) % issues.length]!
    const found = new Date(
      stageTime(project, issue.stage).getTime() +
        c.int(...issue.after) * DAY_MS,
    )
    if (found.getTime() + DAY_MS > now.getTime()) return
    const deadline = new Date(
      found.getTime() + c.pick([10, 15, 20, 30]) * DAY_MS,
    )
    const rectified =
      deadline < now
        ? new Date(
            found.getTime() +
              Math.round(
                (deadline.getTime() - found.getTime()) *
                  (0.5 + c.random() * 0.4),
              ),
          )
        : null
    const status =
      rectified === null
        ? 1
        : rectified.getTime() + 15 * DAY_MS < now.getTime()
          ? 3
          : 2
    const publishTime = new Date(found.getTime() + DAY_MS)
    const supervisor =
      project.regionCode === '650000'
        ? '自治区水利厅监督处'
        : project.pref.bureau
    const responsibleUnit = issue.responsible(project)
    const finding = issue.finding(project)
    const notice: AttachmentSpec = {
      kind: 'pdf',
      name: `${project.name}${issue.item}整改通知书.pdf`,
      title: '水利工程招标投标活动监督检查整改通知书',
      paragraphs: [
        `${responsibleUnit}：`,
        `我单位于${writtenDate(found)}对${project.name}（项目编号${project.code}）${issue.item}情况进行了监督检查，发现以下问题：${finding}`,
        `整改要求：${issue.requirement}`,
        `请于${writtenDate(deadline)}前完成整改，并将整改情况书面报送我单位。逾期未整改或整改不到位的，将依法依规处理并纳入水利建设市场主体信用记录。`,
      ],
    }
    const report: AttachmentSpec[] = rectified
      ? [
          {
            kind: 'docx',
            name: `${project.name}${issue.item}整改情况报告.docx`,
            title: `关于${project.name}${issue.title.replace(/问题$/, '')}问题的整改情况报告`,
            paragraphs: [
              `${supervisor}：`,
              issue.rectification(project),
              `整改完成时间：${writtenDate(rectified)}。`,
              `报告单位：${responsibleUnit}`,
            ],
          },
        ]
      : []
    records.push({
      projectIndex,
      title: `${project.name}${issue.title}`,
      item: issue.item,
      finding,
      requirement: issue.requirement,
      responsibleUnit,
      status,
      foundDate: dateText(found),
      deadline: dateText(deadline),
      rectifiedDate: rectified ? dateText(rectified) : null,
      publishTime,
      content:
        heading('一、基本情况') +
        factTable([
          ['项目名称', project.name],
          ['项目编号', project.code],
          ['监管事项', issue.item],
          ['发现时间', writtenDate(found)],
          ['责任单位', responsibleUnit],
          ['整改期限', writtenDate(deadline)],
          ['监管部门', supervisor],
        ]) +
        heading('二、发现问题') +
        para(finding) +
        heading('三、整改要求') +
        para(issue.requirement) +
        heading('四、整改落实情况') +
        para(
          rectified
            ? `${issue.rectification(project)}（${writtenDate(rectified)}完成）${status === 3 ? '经复核，整改到位，予以销号。' : '复核工作正在进行。'}`
            : `责任单位正在整改，整改期限至${writtenDate(deadline)}。`,
        ) +
        signature(supervisor, writtenDate(publishTime)),
      attachments: [notice, ...report],
    })
  })
  return records
}
