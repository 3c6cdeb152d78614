import type { TradeStageKey } from '#common/constants/trade.ts'
import type {
  ActionPayload,
  LifecycleAction,
} from '#server/complaints/lifecycle-rule.ts'

/** A seeded 工程建设 project a demo complaint is about, as the filing names it. */
export type ComplaintProject = {
  /** The project row id as text, as the complaint form sends it. */
  id: string
  name: string
  code: string
  tenderer: string
  agency: string
  /** The prefecture the project lies in, from its location; null when none is named. */
  prefecture: string | null
}

export type Step = [
  time: string,
  action: LifecycleAction,
  payload: ActionPayload,
]

export type FeedbackMessage = {
  name: string
  phone: string
  title: string
  content: string
  createdAt: string
  reply: string
  repliedAt: string
}

/** One complaint with its times as drafted; seeding moves them next to its project's dates. */
export type DemoComplaint = {
  complainant: {
    name: string
    idNumber: string
    legalRepresentative: string
    address: string
  }
  contact: { name: string; phone: string }
  respondents: { role: string; name: string }[]
  complaintType: string
  /** A date, or 'on-site': an objection to the opening is raised at the opening (条例 §44). */
  objection: string | 'on-site'
  facts: string
  requests: string
  submittedAt: string
  steps: Step[]
  feedback?: FeedbackMessage
}

type DemoCase = {
  subType: number
  /** The announcement the complaint follows; it is filed 2–10 days after it. */
  anchor: TradeStageKey
  draft(project: ComplaintProject): DemoComplaint
}

/** Handled complaints as the department would publish them (names of firms are invented). */
export const DEMO_CASES: DemoCase[] = [
  {
    subType: 101,
    anchor: 'bidEvaluation',
    draft: (p) => ({
      complainant: {
        name: '新疆昆仑水利水电工程有限公司',
        idNumber: '91652900MA78K5L21Q',
        legalRepresentative: '艾力·买买提',
        address: '阿克苏市英巴扎路16号',
      },
      contact: { name: '孙建军', phone: '13909971234' },
      respondents: [
        { role: 'tenderer', name: p.tenderer },
        { role: 'committee', name: '本项目评标委员会' },
      ],
      complaintType: 'evaluation_result',
      objection: '2026-06-08',
      facts:
        '<p>评标委员会以“类似工程业绩不满足要求”为由对我公司投标作否决处理。我公司提交的2022年和什力克水库溢洪道改建工程业绩合同金额、工程规模均满足招标文件第二章资格条件，且附有竣工验收鉴定书。</p>',
      requests: '请求认定评标委员会否决我公司投标的理由不成立，责令重新评审。',
      submittedAt: '2026-06-10 10:12:00',
      steps: [
        ['2026-06-10 15:30:00', 'sign', {}],
        ['2026-06-12 10:00:00', 'accept', {}],
        [
          '2026-06-18 09:30:00',
          'pause-clock',
          {
            kind: 'expert_review',
            reason: '组织专家对投诉人业绩证明材料进行复核评审。',
          },
        ],
        [
          '2026-06-25 17:00:00',
          'resume-clock',
          { note: '专家复核评审完成。', internalNote: undefined },
        ],
        [
          '2026-07-14 16:00:00',
          'decide',
          {
            conclusion: 'partly_substantiated',
            findings:
              '投诉人所列两项业绩中，和什力克水库溢洪道改建工程业绩符合招标文件要求，评标委员会未予认定有误；另一项业绩合同金额不满足要求。',
            basis:
              '《中华人民共和国招标投标法实施条例》第七十一条、《工程建设项目招标投标活动投诉处理办法》第二十条',
            decision:
              '责令招标人组织原评标委员会对投诉人的投标文件重新评审，并将重新评审结果报本机关备案。',
          },
        ],
        [
          '2026-07-16 10:00:00',
          'publish',
          {
            summary:
              '经调查并组织专家复核，投诉人一项类似工程业绩符合招标文件要求，评标委员会未予认定有误，投诉部分属实。本机关已责令招标人组织原评标委员会重新评审。',
          },
        ],
      ],
      feedback: {
        name: '周雪梅',
        phone: '13999201234',
        title: '重新评审结果何时公示？',
        content: `${p.name}重新评审后，结果会在哪里公示？`,
        createdAt: '2026-07-20 09:15:00',
        reply:
          '重新评审结果将由招标人在新疆水利工程招标投标公共服务平台公示，公示期不少于3日。',
        repliedAt: '2026-07-21 16:40:00',
      },
    }),
  },
  {
    subType: 102,
    anchor: 'bidNotice',
    draft: (p) => {
      const area = p.prefecture ?? '本地区'
      return {
        complainant: {
          name: '新疆天润工程建设监理有限公司',
          idNumber: '91650104MA77QMRX3N',
          legalRepresentative: '刘志强',
          address: '乌鲁木齐市新市区北京南路358号',
        },
        contact: { name: '王芳', phone: '13899125678' },
        respondents: [
          { role: 'tenderer', name: p.tenderer },
          { role: 'agency', name: p.agency },
        ],
        complaintType: 'bid_documents',
        objection: '2026-07-24',
        facts: `<p>招标文件资格条件要求投标人“近三年在${area}完成过同类监理业绩”，以特定行政区域的业绩作为加分和资格条件，限制、排斥了外地潜在投标人。</p>`,
        requests: '请求责令招标人修改招标文件中以特定区域业绩为条件的内容。',
        submittedAt: '2026-07-27 11:40:00',
        steps: [
          ['2026-07-27 16:00:00', 'sign', {}],
          ['2026-07-28 10:00:00', 'accept', {}],
          [
            '2026-07-28 10:30:00',
            'suspend-activity',
            {
              reason: '投诉事项涉及资格条件，继续招标可能造成难以挽回的损失。',
            },
          ],
          [
            '2026-08-11 15:00:00',
            'decide',
            {
              conclusion: 'substantiated',
              findings: `招标文件以${area}业绩作为资格条件，属于以特定行政区域的业绩作为中标条件的情形。`,
              basis:
                '《中华人民共和国招标投标法实施条例》第三十二条、第七十一条',
              decision:
                '责令招标人修改招标文件相关资格条件，并依法重新发布招标公告。',
            },
          ],
          [
            '2026-08-11 15:30:00',
            'resume-activity',
            { reason: '招标人已按处理决定修改招标文件。' },
          ],
          [
            '2026-08-13 09:00:00',
            'publish',
            {
              summary:
                '经调查，招标文件以特定行政区域业绩作为资格条件，违反《招标投标法实施条例》第三十二条，投诉属实。本机关已责令招标人修改招标文件并重新发布招标公告。',
            },
          ],
        ],
        feedback: {
          name: '马俊',
          phone: '13709961122',
          title: '修改后的招标文件是否延长投标时间',
          content: `${p.name}监理项目修改招标文件后，投标截止时间会顺延吗？`,
          createdAt: '2026-08-14 11:02:00',
          reply:
            '招标文件修改影响投标文件编制的，招标人应当顺延提交投标文件的截止时间，自修改通知发出至截止时间不少于15日。',
          repliedAt: '2026-08-17 10:20:00',
        },
      }
    },
  },
  {
    subType: 101,
    anchor: 'bidOpening',
    draft: (p) => ({
      complainant: {
        name: '新疆博格达建设集团有限公司',
        idNumber: '91650100MA776K2P5G',
        legalRepresentative: '陈国庆',
        address: '昌吉市延安北路128号',
      },
      contact: { name: '赵磊', phone: '13579963210' },
      respondents: [{ role: 'tenderer', name: p.tenderer }],
      complaintType: 'opening',
      objection: 'on-site',
      facts:
        '<p>开标现场，招标人接收了一家投标人在投标截止时间后送达的投标文件，我公司当场提出异议，招标人未予纠正。</p>',
      requests: '请求认定迟到的投标文件无效。',
      submittedAt: '2026-08-25 09:05:00',
      steps: [
        ['2026-08-25 14:00:00', 'sign', {}],
        ['2026-08-26 11:00:00', 'accept', {}],
        [
          '2026-09-09 16:30:00',
          'decide',
          {
            conclusion: 'unsubstantiated',
            findings:
              '经调取电子交易平台递交记录及开标现场录像，涉事投标文件于截止时间前3分钟完成递交，不存在逾期接收的情形。',
            basis: '《中华人民共和国招标投标法实施条例》第三十六条、第六十一条',
            decision: '驳回投诉。',
          },
        ],
        [
          '2026-09-11 10:00:00',
          'publish',
          {
            summary:
              '经调取电子交易平台递交记录及开标录像，涉事投标文件在投标截止时间前递交，投诉不属实，本机关驳回投诉。',
          },
        ],
      ],
    }),
  },
]

/** A question about complaints in general; seeding moves it to a few weeks before today. */
export const GENERAL_FEEDBACK: FeedbackMessage = {
  name: '阿依古丽',
  phone: '18690990011',
  title: '投诉需要准备哪些材料',
  content: '对评标结果投诉前，是否必须先向招标人提出异议？',
  createdAt: '2026-09-02 15:30:00',
  reply:
    '是的。对评标结果有异议的，应当在中标候选人公示期间先向招标人提出异议，对异议答复不满意或未答复的，方可投诉，并附异议材料。',
  repliedAt: '2026-09-03 09:45:00',
}
