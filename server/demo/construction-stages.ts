import type { TradeStageKey } from '#common/constants/trade.ts'
import {
  scheduled,
  stageTime,
  type DemoProject,
  type StageTemplate,
} from './demo-project.ts'
import {
  factTable,
  gridTable,
  heading,
  wan,
  writtenDate,
  writtenTime,
  yuan,
} from './project-context.ts'
import { p as para, signature } from './template-context.ts'

const DAY_MS = 86_400_000
const after = (date: Date, days: number) =>
  new Date(date.getTime() + days * DAY_MS)

/** The national standard tender documents each sub-type follows. */
const STANDARD_DOCUMENTS: Record<number, string> = {
  101: '《水利水电工程标准施工招标文件》（2009年版）',
  102: '《标准监理招标文件》（2017年版）',
  103: '《标准勘察招标文件》《标准设计招标文件》（2017年版）',
  104: '《标准设备采购招标文件》（2017年版）',
}

/** What is tendered, by sub-type: the noun of the titles and the qualification asked for. */
function scope(p: DemoProject) {
  switch (p.subType) {
    case 102:
      return {
        noun: '施工监理',
        qualification: '水利工程施工监理乙级及以上资质',
        lead: '总监理工程师须具有水利工程建设监理工程师（水利工程施工）注册证书',
      }
    case 103:
      return {
        noun: '勘察设计',
        qualification:
          '工程勘察专业类（岩土工程）乙级及以上和水利行业（相应专业）乙级及以上设计资质',
        lead: '项目负责人须具有注册土木工程师（水利水电工程）执业资格',
      }
    case 104:
      return {
        noun: '设备采购',
        qualification:
          '所投设备的制造商或其授权代理商，具有相应设备的生产许可或检验合格证明',
        lead: '须提供近三年同类设备供货业绩不少于2项',
      }
    default:
      return {
        noun: '施工',
        qualification:
          '水利水电工程施工总承包三级及以上资质，并具有有效的安全生产许可证',
        lead: '项目经理须具有水利水电工程专业二级及以上注册建造师执业资格和有效的安全生产考核合格证书（B证）',
      }
  }
}

function isDays(p: DemoProject) {
  return p.subType === 104 ? '交货期' : p.subType === 101 ? '工期' : '服务期'
}

function contacts(p: DemoProject): string {
  const { people } = p
  return (
    heading('联系方式') +
    factTable([
      ['招标人', p.tenderer],
      ['地址', `${p.location}`],
      ['联系人', people.person()],
      ['电话', people.phone(p.pref)],
      ['招标代理机构', p.agency],
      ['代理机构联系人', people.person()],
      ['代理机构电话', people.mobile()],
    ])
  )
}

/** 项目入场: registration of the project at the trading venue (categories 1 and 2). */
const entry: StageTemplate = (p) => {
  const time = stageTime(p, 'entry')
  const isProcurement = p.category === 2
  const kind = isProcurement
    ? `政府采购（${p.subTypeName}）`
    : `工程建设（${p.subTypeName}）`
  return {
    title: `${p.name}项目入场登记信息`,
    content:
      para(
        `${p.name}已于${writtenDate(time)}在${p.venue}办理项目入场登记，登记信息如下：`,
      ) +
      factTable([
        ['项目名称', p.name],
        ['项目编号', p.code],
        ['项目类型', kind],
        [isProcurement ? '采购人' : '招标人', p.tenderer],
        [isProcurement ? '采购代理机构' : '招标代理机构', p.agency],
        [isProcurement ? '采购方式' : '招标方式', p.tradeMode],
        ['资金来源', p.fundSource],
        [isProcurement ? '采购计划编号' : '项目审批（核准）文号', p.approval],
        [isProcurement ? '采购预算' : '最高投标限价', wan(p.basePrice)],
        ['建设（实施）地点', p.location],
        ['交易场所', p.venue],
        ['入场登记时间', writtenTime(time)],
      ]) +
      para(
        `本项目交易活动接受${p.pref.bureau}及自治区水利厅的行政监督，交易全过程在${p.venue}电子交易系统进行。`,
      ),
    attachments: [],
  }
}

const bidNotice: StageTemplate = (p) => {
  const time = stageTime(p, 'bidNotice')
  const opening = scheduled(p, 'openingTime')
  const registration = scheduled(p, 'registrationDeadline')
  const s = scope(p)
  return {
    title: `${p.name}${s.noun}招标公告`,
    content:
      heading('一、招标条件') +
      para(
        `本招标项目${p.name}已由${p.pref.bureau}以${p.approval}批准建设，项目业主为${p.tenderer}，建设资金来自${p.fundSource}，项目出资比例为100%，招标人为${p.tenderer}。项目已具备招标条件，现对该项目的${s.noun}进行公开招标。`,
      ) +
      heading('二、项目概况与招标范围') +
      factTable([
        ['项目名称', p.name],
        ['项目编号', p.code],
        ['招标人', p.tenderer],
        ['招标代理机构', p.agency],
        ['资金来源', p.fundSource],
        ['建设地点', p.location],
        ['建设规模', p.facts.scale ?? ''],
        [isDays(p), `${p.term}日历天`],
        ['标段划分', '本次招标划分为1个标段'],
        ['最高投标限价', `${yuan(p.basePrice)}元`],
        ['投标截止时间', writtenTime(opening)],
      ]) +
      heading('三、投标人资格要求') +
      para(
        `3.1 本次招标要求投标人须具备${s.qualification}，并在人员、设备、资金等方面具有相应的能力。`,
      ) +
      para(`3.2 ${s.lead}，且未担任其他在建工程项目的项目负责人。`) +
      para(
        '3.3 投标人须在全国水利建设市场监管平台登记，且未被列入失信被执行人名单、重大税收违法失信主体名单。',
      ) +
      para('3.4 本次招标不接受联合体投标。') +
      heading('四、招标文件的获取') +
      para(
        `凡有意参加投标者，请于${writtenDate(time)}至${writtenTime(registration)}（北京时间，下同），登录${p.venue}电子交易平台，使用CA数字证书下载电子招标文件。招标文件免费获取。`,
      ) +
      heading('五、投标文件的递交') +
      para(
        `投标文件递交的截止时间（投标截止时间，下同）为${writtenTime(opening)}，投标人应在截止时间前通过电子交易平台递交电子投标文件。逾期送达的投标文件，电子交易平台将予以拒收。开标地点为${p.venue}开标室，采用远程不见面开标方式。`,
      ) +
      heading('六、发布公告的媒介') +
      para(
        '本次招标公告同时在中国招标投标公共服务平台、新疆维吾尔自治区公共资源交易网和本平台上发布。',
      ) +
      contacts(p),
    attachments: [
      {
        kind: 'pdf',
        name: `${p.name}${s.noun}招标文件（公告附件）.pdf`,
        title: `${p.name}${s.noun}招标文件`,
        paragraphs: [
          `招标人：${p.tenderer}；招标代理机构：${p.agency}；项目编号：${p.code}。`,
          `第一章 招标公告。本项目建设地点为${p.location}，${isDays(p)}${p.term}日历天，最高投标限价${yuan(p.basePrice)}元。`,
          `第二章 投标人须知。投标有效期为投标截止之日起90日历天。投标保证金为${Math.max(1, Math.round(p.basePrice * 0.015))}万元，以银行保函或电子保函形式提交。`,
          '第三章 评标办法（综合评估法）。评标委员会由招标人代表和从自治区综合评标专家库中随机抽取的水利专业评标专家组成，成员人数为5人以上单数，其中专家不少于成员总数的三分之二。',
          `第四章 合同条款及格式。采用${STANDARD_DOCUMENTS[p.subType] ?? STANDARD_DOCUMENTS[101]}通用合同条款。`,
          `第五章 ${p.subType === 101 ? '工程量清单与技术标准和要求' : p.subType === 104 ? '供货要求' : '委托人要求'}。${p.facts.scale ?? ''}`,
        ],
      },
    ],
  }
}

const bidRegistration: StageTemplate = (p) => {
  const notice = stageTime(p, 'bidNotice')
  const time = scheduled(p, 'registrationDeadline')
  const s = scope(p)
  const downloads = p.offers.length + p.c.int(1, 4)
  return {
    title: `${p.name}${s.noun}投标报名情况`,
    content:
      para(
        `${p.name}${s.noun}招标文件获取期为${writtenDate(notice)}至${writtenTime(time)}。获取期内，共有${downloads}家潜在投标人通过电子交易平台下载了招标文件。`,
      ) +
      factTable([
        ['项目名称', p.name],
        ['项目编号', p.code],
        ['报名（获取招标文件）截止时间', writtenTime(time)],
        ['获取招标文件单位数量', `${downloads}家`],
        ['投标截止时间', writtenTime(scheduled(p, 'openingTime'))],
        [
          '澄清与答疑',
          p.c.random() < 0.5
            ? '无'
            : `已于${writtenDate(after(notice, 9))}发布第1号澄清文件`,
        ],
      ]) +
      para(
        '根据《中华人民共和国招标投标法》第二十二条，招标人不得向他人透露已获取招标文件的潜在投标人的名称、数量以及可能影响公平竞争的有关招标投标的其他情况，潜在投标人名称在开标前予以保密。',
      ),
    attachments:
      p.subType !== 101
        ? []
        : [
            {
              kind: 'docx',
              name: `${p.name}投标报名登记表.docx`,
              title: `${p.name}投标报名登记表`,
              paragraphs: [
                `项目编号：${p.code}`,
                '请投标人如实填写，加盖单位公章后随投标文件一并递交。',
              ],
              form: {
                columns: [
                  '序号',
                  '投标人名称',
                  '统一社会信用代码',
                  '联系人',
                  '联系电话',
                ],
                rows: 4,
              },
            },
          ],
  }
}

const bidOpening: StageTemplate = (p) => {
  const time = stageTime(p, 'bidOpening')
  const s = scope(p)
  const rows = [...p.offers]
    .sort((a, b) => a.name.localeCompare(b.name, 'zh'))
    .map((offer, i) => [
      String(i + 1),
      offer.name,
      yuan(offer.price),
      `${offer.days}`,
      '合格',
      offer.manager,
    ])
  return {
    title: `${p.name}${s.noun}开标记录`,
    content:
      para(
        `${p.name}${s.noun}于${writtenTime(time)}在${p.venue}开标，开标由招标代理机构${p.agency}主持，招标人代表、行政监督部门代表在场。共有${p.offers.length}家投标人按时递交了电子投标文件，全部解密成功。`,
      ) +
      factTable([
        ['项目名称', p.name],
        ['项目编号', p.code],
        ['开标时间', writtenTime(time)],
        ['最高投标限价（元）', yuan(p.basePrice)],
      ]) +
      gridTable(
        [
          '序号',
          '投标人名称',
          '投标报价（元）',
          `${isDays(p)}（日历天）`,
          '质量标准',
          p.subType === 101 ? '项目经理' : '项目负责人',
        ],
        rows,
      ) +
      para('投标人对开标过程无异议。开标记录经投标人确认后存档。'),
    attachments: [],
  }
}

const bidEvaluation: StageTemplate = (p) => {
  const time = stageTime(p, 'bidEvaluation')
  const s = scope(p)
  const ranked = p.offers.slice(0, 3)
  const end = after(time, 3)
  return {
    title: `${p.name}${s.noun}中标候选人公示`,
    content:
      para(
        `${p.name}${s.noun}于${writtenDate(stageTime(p, 'bidOpening'))}开标，评标委员会按照招标文件规定的评标办法完成评审，现将中标候选人公示如下：`,
      ) +
      gridTable(
        [
          '排序',
          '中标候选人',
          '投标报价（元）',
          `${isDays(p)}（日历天）`,
          '评标得分',
          p.subType === 101 ? '项目经理' : '项目负责人',
        ],
        ranked.map((offer, i) => [
          `第${['一', '二', '三'][i]}中标候选人`,
          offer.name,
          yuan(offer.price),
          String(offer.days),
          offer.score.toFixed(2),
          offer.manager,
        ]),
      ) +
      factTable([
        ['公示期', `${writtenDate(time)}至${writtenDate(end)}`],
        [
          '异议受理',
          `投标人或者其他利害关系人对评标结果有异议的，应当在公示期内以书面形式向招标人提出，招标人自收到异议之日起3日内作出答复。`,
        ],
        ['行政监督部门', `${p.pref.bureau}，电话：${p.people.phone(p.pref)}`],
      ]) +
      para(
        '依据《中华人民共和国招标投标法实施条例》第五十四条，依法必须进行招标的项目，招标人应当自收到评标报告之日起3日内公示中标候选人，公示期不得少于3日。',
      ) +
      signature(p.tenderer, writtenDate(time)),
    attachments: [],
  }
}

const bidResult: StageTemplate = (p) => {
  const time = stageTime(p, 'bidResult')
  const s = scope(p)
  const winner = p.offers[0]!
  return {
    title: `${p.name}${s.noun}中标结果公告`,
    content:
      para(
        `${p.name}${s.noun}中标候选人公示期已满，公示期内未收到异议。根据评标委员会的评审结果，招标人确定中标人如下：`,
      ) +
      factTable([
        ['项目名称', p.name],
        ['项目编号', p.code],
        ['招标人', p.tenderer],
        ['招标代理机构', p.agency],
        ['中标人', winner.name],
        ['中标价', `${yuan(winner.price)}元（${wan(p.amount)}）`],
        [isDays(p), `${winner.days}日历天`],
        [p.subType === 101 ? '项目经理' : '项目负责人', winner.manager],
        ['质量标准', '合格'],
      ]) +
      para(
        `招标人将于中标通知书发出之日起30日内与中标人订立书面合同。请中标人持中标通知书到${p.tenderer}办理合同签订手续。`,
      ) +
      signature(p.tenderer, writtenDate(time)),
    attachments: [
      {
        kind: 'pdf',
        name: `${p.name}中标通知书.pdf`,
        title: '中标通知书',
        paragraphs: [
          `${winner.name}：`,
          `你方于${writtenDate(stageTime(p, 'bidOpening'))}所递交的${p.name}${s.noun}投标文件已被我方接受，被确定为中标人。`,
          `中标价：${yuan(winner.price)}元。${isDays(p)}：${winner.days}日历天。工程质量：符合国家和水利行业现行验收标准，合格。${p.subType === 101 ? '项目经理' : '项目负责人'}：${winner.manager}。`,
          '请你方在接到本通知书后的30日内到我方签订合同，并按招标文件规定向我方提交履约担保。',
          `招标人：${p.tenderer}；招标代理机构：${p.agency}。`,
        ],
      },
    ],
  }
}

export const CONSTRUCTION_TEMPLATES: Partial<
  Record<TradeStageKey, StageTemplate>
> = {
  entry,
  bidNotice,
  bidRegistration,
  bidOpening,
  bidEvaluation,
  bidResult,
}
