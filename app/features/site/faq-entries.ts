import { href } from 'react-router'

import { COMPLAINT_GUIDE } from '#common/constants/complainant-guide.ts'
import {
  EVIDENCE_FILE_RULE,
  ONLINE_COMPLAINT_STEPS,
} from '#common/constants/online-complaint-steps.ts'
import {
  COMPLAINT_OFFICE,
  COMPLAINT_OFFICE_PHONE,
  OFFICE_HOURS,
} from '#common/constants/site.ts'
import {
  COMPLAINT_ACCEPTANCE_WORKDAYS,
  COMPLAINT_DECISION_WORKDAYS,
} from '#common/constants/statute.ts'
import { TRADE_CATEGORIES, TRADE_STAGES } from '#common/constants/trade.ts'
import { MSG_DEADLINE_PROVISIONAL } from '#common/messages.ts'
import { QUERY_CODE_ALPHABET } from '#common/constants/query-code.ts'

type FaqEntry = {
  id: string
  question: string
  answer: string[]
  steps?: readonly string[]
  links?: { label: string; to: string }[]
}
type FaqGroup = { title: string; entries: FaqEntry[] }

const guide = (heading: string) =>
  COMPLAINT_GUIDE.find((s) => s.title.includes(heading))?.paragraphs ?? []
const [whoMay = ''] = guide('投诉主体')
const [tenDays = '', objectionFirst = '', periods = ''] = guide('投诉时限')
const [letterContents = ''] = guide('投诉书内容')

// Left out of query codes so that none is misread.
const lookAlikes = ['0', 'O', '1', 'I', 'L'].filter(
  (c) => !QUERY_CODE_ALPHABET.includes(c),
)
const constructionStages = (
  TRADE_CATEGORIES[0]?.stages as readonly (keyof typeof TRADE_STAGES)[]
).map((stage) => TRADE_STAGES[stage])

const apply = { label: '在线投诉', to: href('/complaint/apply') }
const followUp = { label: '投诉查询', to: href('/complaint/search') }
const downloads = { label: '下载中心', to: href('/download') }

// Answered from the statute texts the portal already holds (common/constants/complainant-guide.ts,
// statute.ts).
export const faqGroups = (serviceHotline: string): FaqGroup[] => [
  {
    title: '提出投诉',
    entries: [
      {
        id: 'who',
        question: '哪些人可以投诉？可以委托别人代办吗？',
        answer: [
          whoMay,
          '投诉人可以委托代理人办理投诉事务，代理人应当将授权委托书连同投诉书一并提交，授权委托书应当明确委托代理权限和事项（《工程建设项目招标投标活动投诉处理办法》第八条）。授权委托书范本可在下载中心下载。',
        ],
        links: [{ label: '投诉须知', to: href('/complaint/index') }, downloads],
      },
      {
        id: 'deadline',
        question: '投诉有时间限制吗？哪些事项要先向招标人提出异议？',
        answer: [tenDays, objectionFirst],
        links: [downloads],
      },
      {
        id: 'how',
        question: '怎样在网上投诉？',
        answer: ['按以下步骤办理，填写的内容在当前浏览器标签页中自动保存：'],
        steps: ONLINE_COMPLAINT_STEPS,
        links: [apply, { label: '网上投诉操作指南', to: href('/download') }],
      },
      {
        id: 'letter',
        question: '投诉书要写哪些内容？要附哪些材料？',
        answer: [
          letterContents,
          `网上投诉时，平台根据填写的内容生成投诉书。${EVIDENCE_FILE_RULE}`,
        ],
        links: [downloads],
      },
      {
        id: 'seal',
        question: '为什么必须加盖电子印章？没有电子印章怎么办？',
        answer: [
          '网上投诉的投诉书须加盖投诉人有效的电子印章后方可提交。电子印章用于确认投诉人的身份和投诉书内容未被篡改；可靠的电子签名与手写签名或者盖章具有同等的法律效力（《中华人民共和国电子签名法》第十四条）。',
          `尚未持有电子印章的，请向依法设立的电子认证服务机构申请数字证书和电子印章：法人和其他组织使用单位电子印章，自然人使用个人电子签名。签章遇到技术问题，请拨打服务热线 ${serviceHotline}。`,
        ],
      },
      {
        id: 'changed',
        question: '生成投诉书以后又修改了内容，怎么办？',
        answer: [
          '提交的投诉书必须与投诉内容一致。生成或者签章以后修改了任何投诉内容，原投诉书即作废，请重新生成投诉书并重新签章后提交。',
        ],
      },
    ],
  },
  {
    title: '办理与查询',
    entries: [
      {
        id: 'time',
        question: '提交以后多久受理？多久出处理结果？',
        answer: [
          periods,
          `网上提交的投诉，提交之日即为收到之日；${COMPLAINT_ACCEPTANCE_WORKDAYS}个工作日内未作出是否受理决定的，期满次日视为受理并出具受理通知书，${COMPLAINT_DECISION_WORKDAYS}个工作日的处理期限自受理之日起计算。情况复杂需要延长的，行政监督部门将出具延期说明书。`,
        ],
        links: [followUp],
      },
      {
        id: 'query-code',
        question: '什么是查询码？查询码丢了怎么办？',
        answer: [
          `提交成功时，页面显示投诉编号（12位数字：提交日期加当日序号）和查询码（12位，由大写字母和数字组成，不含容易混淆的 ${lookAlikes.join('、')}，页面上四位一组显示；输入时不区分大小写，空格和短横线可带可不带）。凭投诉编号和查询码，或者单独凭查询码，可以在“投诉查询”中查看办理进度。`,
          `查询码只在提交成功时显示一次，平台只保存它的摘要，无法找回原码。查询码遗失的，可在“投诉查询”中选择“忘记查询码？用手机号查询”，凭投诉编号、提交时填写的联系电话和短信验证码查看办理进度；签收文书、补充材料和申请撤回仍需查询码，请拨打服务热线 ${serviceHotline}。`,
        ],
        links: [followUp],
      },
      {
        id: 'provisional',
        question: `办理期限旁标注“${MSG_DEADLINE_PROVISIONAL}”是什么意思？`,
        answer: [
          `法定期限按工作日计算，要用到国务院办公厅公布的全年节假日安排。下一年的安排公布以前，落在下一年的期限先按周一至周五暂计，并标注“${MSG_DEADLINE_PROVISIONAL}”；安排公布以后，平台自动重新计算，调整记录在办理过程中。暂计的日期一般不晚于正式日期，不影响投诉人的权益。`,
        ],
      },
      {
        id: 'material',
        question: '收到补正通知书怎么办？',
        answer: [
          '行政监督部门需要补充材料时，会出具补正通知书并写明补正期限。请在“投诉查询”中查看通知，在期限内点击“补充材料”上传。',
        ],
        links: [followUp],
      },
      {
        id: 'withdraw',
        question: '投诉提交以后可以撤回吗？',
        answer: [
          '行政监督部门签收以前，可以在“投诉查询”中直接撤回投诉；签收以后、作出处理决定以前，可以说明理由申请撤回，是否准许由行政监督部门决定。',
        ],
        links: [followUp],
      },
      {
        id: 'result',
        question: '在哪里查看处理结果？',
        answer: [
          '处理决定书送达投诉人，投诉人可以在“投诉查询”中查看和下载。依法公开的处理结果在“投诉举报—投诉处理结果”中发布，其中的个人信息已作脱敏处理。',
        ],
        links: [
          followUp,
          { label: '投诉处理结果', to: href('/complaint/list') },
        ],
      },
    ],
  },
  {
    title: '其他问题',
    entries: [
      {
        id: 'notices',
        question: '在哪里查看招标公告、开标记录和中标结果？',
        answer: [
          `“项目信息—交易列表”按交易类别、地区、交易阶段和发布时间列出项目。打开一个工程建设项目，可以依次查看${constructionStages.join('、')}。`,
        ],
        links: [{ label: '交易列表', to: href('/business/list') }],
      },
      {
        id: 'contact',
        question: '遇到问题找谁？',
        answer: [
          `平台使用、电子印章等技术问题：服务热线 ${serviceHotline}。`,
          `投诉的受理和办理：${COMPLAINT_OFFICE}，电话 ${COMPLAINT_OFFICE_PHONE}，${OFFICE_HOURS.days}上午 ${OFFICE_HOURS.morning}、下午 ${OFFICE_HOURS.afternoon}（北京时间）。`,
          '对投诉办理工作的意见和建议，可以在“意见反馈”中留言。',
        ],
        links: [
          { label: '联系我们', to: href('/contact') },
          { label: '意见反馈', to: href('/complaint/feedback') },
        ],
      },
    ],
  },
]
