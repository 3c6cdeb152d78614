import { type TradeStageKey } from '#common/constants/trade.ts'
import { startOfShanghaiDay } from '#server/shared/publish-time.ts'
import {
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

function contactRows(p: DemoProject, role: string): [string, string][] {
  return [
    [role, p.tenderer],
    ['联系人', p.people.person()],
    ['联系电话', p.people.phone(p.pref)],
    [
      p.category === 2 ? '采购代理机构' : '交易机构',
      p.category === 2 ? p.agency : p.venue,
    ],
    ['联系电话', p.people.phone(p.pref)],
  ]
}

/** Government procurement (category 2). */
export const procurementNotice: StageTemplate = (p) => {
  const time = stageTime(p, 'procurementNotice')
  const result = stageTime(p, 'procurementResult')
  const deadline = after(result, -p.c.int(1, 2))
  const doc =
    p.tradeMode === '公开招标'
      ? '招标文件'
      : p.tradeMode === '询价'
        ? '询价通知书'
        : '磋商文件'
  return {
    title: `${p.name}${p.tradeMode === '公开招标' ? '公开招标公告' : `${p.tradeMode}公告`}`,
    content:
      heading('一、项目基本情况') +
      factTable([
        ['项目编号', p.code],
        ['项目名称', p.name],
        ['采购方式', p.tradeMode],
        ['预算金额', `${yuan(p.basePrice)}元`],
        ['最高限价', `${yuan(p.basePrice)}元`],
        ['采购需求', p.facts.scale ?? ''],
        ['合同履行期限', `合同签订之日起${p.term}个月`],
        ['本项目是否接受联合体', '否'],
      ]) +
      heading('二、申请人的资格要求') +
      para('1. 满足《中华人民共和国政府采购法》第二十二条规定；') +
      para(
        '2. 落实政府采购政策需满足的资格要求：本项目专门面向中小企业采购；',
      ) +
      para(
        '3. 未被列入“信用中国”网站失信被执行人、重大税收违法失信主体名单及中国政府采购网政府采购严重违法失信行为记录名单。',
      ) +
      heading(`三、获取${doc}`) +
      para(
        `时间：${writtenDate(time)}至${writtenDate(after(time, 5))}，每天上午10:00至13:30，下午16:00至19:30（北京时间）。方式：登录新疆政府采购网（政采云平台）在线获取，售价：0元。`,
      ) +
      heading('四、响应文件提交') +
      para(
        `截止时间：${writtenTime(deadline)}；地点：${p.venue}（政采云平台在线提交）。`,
      ) +
      heading('五、公告期限') +
      para(`自本公告发布之日起5个工作日。`) +
      heading('六、对本次采购提出询问，请按以下方式联系') +
      factTable(contactRows(p, '采购人')),
    attachments: [
      {
        kind: 'pdf',
        name: `${p.name}${doc}.pdf`,
        title: `${p.name}${doc}`,
        paragraphs: [
          `采购人：${p.tenderer}。采购代理机构：${p.agency}。项目编号：${p.code}。`,
          `第一章 采购公告。预算金额${yuan(p.basePrice)}元，采购方式${p.tradeMode}。`,
          `第二章 采购需求。${p.facts.scale ?? ''}合同履行期限为合同签订之日起${p.term}个月。`,
          '第三章 供应商须知。供应商应按本文件要求编制响应文件，并对其真实性负责。',
          '第四章 评审方法。采用综合评分法，价格分采用低价优先法计算，满足采购需求且报价最低的为评审基准价。',
          '第五章 合同主要条款。付款方式：合同签订后支付30%，验收合格后支付至合同金额的100%。',
        ],
      },
    ],
  }
}

export const procurementResult: StageTemplate = (p) => {
  const time = stageTime(p, 'procurementResult')
  const winner = p.offers[0]!
  return {
    title: `${p.name}${p.tradeMode === '公开招标' ? '中标' : '成交'}结果公告`,
    content:
      heading('一、项目编号及名称') +
      para(`${p.code}\u3000${p.name}`) +
      heading(`二、${p.tradeMode === '公开招标' ? '中标' : '成交'}信息`) +
      gridTable(
        ['序号', '供应商名称', '供应商地址', '报价（元）', '评审得分'],
        p.offers
          .slice(0, 3)
          .map((offer, i) => [
            String(i + 1),
            offer.name,
            `乌鲁木齐市${p.c.pick(['新市区', '沙依巴克区', '天山区', '水磨沟区', '经济技术开发区'])}`,
            yuan(offer.price),
            offer.score.toFixed(2),
          ]),
      ) +
      factTable([
        [p.tradeMode === '公开招标' ? '中标供应商' : '成交供应商', winner.name],
        [
          p.tradeMode === '公开招标' ? '中标金额' : '成交金额',
          `${yuan(winner.price)}元（${wan(p.amount)}）`,
        ],
        [
          '评审专家',
          `${p.people.person()}、${p.people.person()}、${p.people.person()}（组长）`,
        ],
        [
          '代理服务收费标准及金额',
          // 计价格〔2002〕1980号: 1.5% up to a million yuan, 0.8% of the part above.
          `参照计价格〔2002〕1980号文件标准，由成交供应商支付，收费金额${yuan(Math.min(p.amount, 100) * 0.015 + Math.max(0, p.amount - 100) * 0.008)}元`,
        ],
        ['公告期限', '自本公告发布之日起1个工作日'],
      ]) +
      para(
        '各有关当事人对中标（成交）结果有异议的，可以在中标（成交）公告期限届满之日起七个工作日内，以书面形式向采购人或采购代理机构提出质疑。',
      ) +
      signature(p.agency, writtenDate(time)),
    attachments: [],
  }
}

/** Land use rights (category 3). */
export const landTransaction: StageTemplate = (p) => {
  const time = stageTime(p, 'landTransaction')
  const isTransfer = p.subType === 302
  return {
    title: `${p.name}交易行为公告`,
    content:
      para(
        `经${p.county}人民政府批准，${p.tenderer}决定以${p.tradeMode}方式${isTransfer ? '转让' : '出让'}${p.name.replace(/国有建设用地使用权.*$/, '')}国有建设用地使用权。现将交易行为有关事项公告如下：`,
      ) +
      factTable([
        ['交易项目', p.name],
        ['项目编号', p.code],
        [isTransfer ? '转让方' : '出让人', p.tenderer],
        ['交易方式', p.tradeMode],
        ['批准文件', p.approval],
        ['土地位置', p.location],
        ['土地用途', p.facts.use ?? ''],
        ['土地面积', p.facts.area ?? ''],
        ['使用年限', p.facts.years ?? ''],
        ['起始价', wan(p.basePrice)],
        ['交易场所', p.venue],
      ]) +
      heading('交易时间') +
      para(
        `挂牌时间为${writtenTime(after(time, 20))}至${writtenTime(after(time, 30))}。竞买申请截止时间为${writtenTime(after(time, 28))}，竞买保证金到账截止时间同上。`,
      ) +
      para(
        `本次交易行为由${p.pref.bureau}会同${p.county}自然资源局依法监督。挂牌结束后，地块情况及成交结果以地块公告发布。`,
      ),
    attachments: [],
  }
}

export const landParcel: StageTemplate = (p) => {
  const time = stageTime(p, 'landParcel')
  return {
    title: `${p.name}地块公告`,
    content:
      heading('一、地块基本情况') +
      gridTable(
        [
          '地块编号',
          '土地位置',
          '面积',
          '用途',
          '容积率',
          '出让年限',
          '起始价',
          '竞买保证金',
        ],
        [
          [
            p.facts.parcel ?? '',
            p.location,
            p.facts.area ?? '',
            p.facts.use ?? '',
            p.facts.plotRatio ?? '',
            p.facts.years ?? '',
            wan(p.basePrice),
            wan(Math.round(p.basePrice * 0.2)),
          ],
        ],
      ) +
      heading('二、竞买人资格') +
      para(
        '中华人民共和国境内外的法人、非法人组织和自然人（法律另有规定者除外）均可申请参加竞买，申请人可以单独申请，也可以联合申请。',
      ) +
      heading('三、成交结果') +
      para(
        `挂牌期满，共有${p.offers.length}家竞买人参与竞价，经${p.tradeMode}，${p.offers[0]!.name}以${wan(p.amount)}竞得该地块国有建设用地使用权，公告日期：${writtenDate(time)}。`,
      ) +
      factTable(contactRows(p, '出让人')),
    attachments: [
      {
        kind: 'pdf',
        name: `${p.facts.parcel ?? p.code}地块红线图及规划条件.pdf`,
        title: `${p.facts.parcel ?? p.code}地块规划设计条件`,
        paragraphs: [
          `地块位于${p.location}，面积${p.facts.area ?? ''}，用途为${p.facts.use ?? ''}。`,
          `容积率${p.facts.plotRatio ?? ''}，建筑密度不大于40%，绿地率不小于20%，建筑限高24米。`,
          '地块周边道路、给排水、供电、通讯等基础设施已接通，交地条件为现状净地交付。',
        ],
      },
    ],
  }
}

/** Mining rights (categories 4 and 5). */
export const miningAuction: StageTemplate = (p) => {
  // The auction is held at 10:00 the day before its result is published.
  const auction = new Date(
    startOfShanghaiDay(after(stageTime(p, 'miningResult'), -1)).getTime() +
      10 * 3_600_000,
  )
  const right = p.category === 4 ? '探矿权' : '采矿权'
  return {
    title: `${p.name}拍卖出让公告`,
    content:
      para(
        `经${p.county}人民政府批准，${p.tenderer}委托${p.venue}以拍卖方式出让${p.name}，现将有关事项公告如下：`,
      ) +
      heading(`一、拍卖出让${right}基本情况`) +
      factTable([
        ['矿业权名称', p.name],
        ['项目编号', p.code],
        ['矿种', p.facts.mineral ?? ''],
        ['矿区位置', p.location],
        ['矿区面积', p.facts.area ?? ''],
        [p.category === 4 ? '勘查期限' : '开采规模', p.facts.scale ?? ''],
        [p.category === 4 ? '勘查年限' : '出让年限', p.facts.years ?? ''],
        ['起始价', wan(p.basePrice)],
        ['竞买保证金', wan(Math.round(p.basePrice * 0.3))],
      ]) +
      heading('二、竞买人条件') +
      para(
        `在中华人民共和国境内注册、具有独立法人资格的企业，具备相应的资金能力${p.category === 5 ? '和开采技术条件，河道采砂须同时取得水行政主管部门的河道采砂许可' : '和勘查技术条件'}。`,
      ) +
      heading('三、拍卖时间和地点') +
      para(
        `拍卖会定于${writtenTime(auction)}在${p.venue}举行。竞买申请截止时间：${writtenTime(after(auction, -3))}。`,
      ) +
      para(
        p.category === 5 && p.subType === 501
          ? `河道采砂须严格按照《${p.pref.short}河道采砂规划》确定的可采区范围、开采高程和年度控制开采量作业，禁采期（汛期6月1日至9月30日）内不得采砂。`
          : '竞得人须按照相关规定编制并落实矿山地质环境保护与土地复垦方案。',
      ) +
      factTable(contactRows(p, '出让人')),
    attachments: [
      {
        kind: 'docx',
        name: `${p.name}竞买申请书.docx`,
        title: `${right}竞买申请书`,
        paragraphs: [
          `${p.venue}：`,
          `我方已详细阅读${p.name}拍卖出让公告及出让须知，愿意遵守其全部规定，申请参加竞买。`,
        ],
        form: { columns: ['项目', '内容'], rows: 6 },
      },
    ],
  }
}

export const miningResult: StageTemplate = (p) => {
  const time = stageTime(p, 'miningResult')
  const winner = p.offers[0]!
  return {
    title: `${p.name}出让结果公示`,
    content:
      para(
        `${p.name}于${writtenDate(after(time, -1))}在${p.venue}公开拍卖，共有${p.offers.length}家竞买人参加竞买，经${p.c.int(8, 46)}轮竞价，现将出让结果公示如下：`,
      ) +
      factTable([
        ['矿业权名称', p.name],
        ['项目编号', p.code],
        ['起始价', wan(p.basePrice)],
        ['竞得人', winner.name],
        ['成交价', wan(p.amount)],
        ['公示期', `${writtenDate(time)}至${writtenDate(after(time, 10))}`],
      ]) +
      para(
        `公示期内，对公示内容有异议的，请以书面形式向${p.tenderer}反映。竞得人应在公示期满后按规定签订出让合同，缴纳出让收益。`,
      ) +
      signature(p.tenderer, writtenDate(time)),
    attachments: [],
  }
}

/** State-owned property (categories 6 and 7). */
export const propertyListing: StageTemplate = (p) => {
  const time = stageTime(p, 'propertyListing')
  const end = after(stageTime(p, 'propertyResult'), -p.c.int(2, 4))
  const isLease = p.subType === 702
  return {
    title: `${p.name}${isLease ? '招租' : ''}挂牌信息披露`,
    content:
      heading('一、标的基本情况') +
      factTable([
        ['项目名称', p.name],
        ['项目编号', p.code],
        [isLease ? '出租方' : '转让方', p.tenderer],
        ['标的概况', p.facts.scale ?? ''],
        ['批准单位及文号', p.approval],
        ['评估（审计）情况', p.facts.appraisal ?? ''],
        [isLease ? '挂牌底价（年租金）' : '挂牌价格', wan(p.basePrice)],
        ['信息披露期', `${writtenDate(time)}至${writtenDate(end)}`],
        [
          '交易方式',
          `信息披露期满，产生两个及以上符合条件的意向${isLease ? '承租方' : '受让方'}的，采取网络竞价（多次报价）方式确定`,
        ],
      ]) +
      heading(`二、意向${isLease ? '承租方' : '受让方'}资格条件`) +
      para(
        isLease
          ? '具有完全民事行为能力的自然人或依法设立的法人、非法人组织；承租后不得改变房屋用途，不得转租。'
          : '依法设立并有效存续的境内企业法人；具有良好的财务状况和支付能力；具有良好的商业信用。',
      ) +
      heading('三、保证金') +
      para(
        `意向方须在信息披露期满前交纳交易保证金${wan(Math.max(0.5, Math.round(p.basePrice * 0.1)))}至交易机构指定账户。`,
      ) +
      factTable(contactRows(p, isLease ? '出租方' : '转让方')),
    attachments: [
      {
        kind: 'pdf',
        name: `${p.name}${isLease ? '资产出租' : '转让'}须知.pdf`,
        title: `${p.name}${isLease ? '资产出租' : '交易'}须知`,
        paragraphs: [
          `${isLease ? '出租方' : '转让方'}：${p.tenderer}。交易机构：${p.venue}。`,
          `标的概况：${p.facts.scale ?? ''}`,
          `${p.facts.appraisal ?? ''}挂牌价格${wan(p.basePrice)}。`,
          '意向方应在报名前对标的进行充分调查了解，一经报名即视为已完全了解并接受标的现状及相关瑕疵。',
          `成交后，${isLease ? '承租方' : '受让方'}应在5个工作日内签订${isLease ? '租赁' : '交易'}合同，并按约定支付价款。`,
        ],
      },
    ],
  }
}

export const propertyResult: StageTemplate = (p) => {
  const time = stageTime(p, 'propertyResult')
  const winner = p.offers[0]!
  const isLease = p.subType === 702
  return {
    title: `${p.name}交易结果公告`,
    content:
      para(
        `${p.name}信息披露期满，共征集到${p.offers.length}家意向${isLease ? '承租方' : '受让方'}，经${p.offers.length > 1 ? '网络竞价' : '协议'}，交易结果如下：`,
      ) +
      factTable([
        ['项目名称', p.name],
        ['项目编号', p.code],
        [isLease ? '出租方' : '转让方', p.tenderer],
        [isLease ? '承租方' : '受让方', winner.name],
        ['挂牌价格', wan(p.basePrice)],
        [isLease ? '成交年租金' : '成交价格', wan(p.amount)],
        [
          '增值率',
          `${(((p.amount - p.basePrice) / p.basePrice) * 100).toFixed(2)}%`,
        ],
        ['成交日期', writtenDate(time)],
      ]) +
      signature(p.venue, writtenDate(time)),
    attachments: [],
  }
}

export const TRADE_TEMPLATES: Partial<Record<TradeStageKey, StageTemplate>> = {
  procurementNotice,
  procurementResult,
  landTransaction,
  landParcel,
  miningAuction,
  miningResult,
  propertyListing,
  propertyResult,
}
