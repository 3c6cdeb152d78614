import { startOfShanghaiDay } from '#server/shared/publish-time.ts'
import { type StageTemplate, stageTime } from './demo-project.ts'
import {
  writtenTime,
  writtenDate,
  factTable,
  gridTable,
  heading,
  wan,
} from './project-context.ts'
import { p as para, signature } from './template-context.ts'
import { after, contactRows } from './trade-stage-parts.ts'

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
