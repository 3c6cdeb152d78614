import { scheduled, type StageTemplate, stageTime } from './demo-project.ts'
import {
  writtenTime,
  writtenDate,
  factTable,
  gridTable,
  heading,
  wan,
  yuan,
} from './project-context.ts'
import { p as para, signature } from './template-context.ts'
import { contactRows } from './trade-stage-parts.ts'

/** Government procurement (category 2). */
export const procurementNotice: StageTemplate = (p) => {
  const time = stageTime(p, 'procurementNotice')
  const deadline = scheduled(p, 'openingTime')
  const documentsEnd = scheduled(p, 'registrationDeadline')
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
        `时间：${writtenDate(time)}至${writtenTime(documentsEnd)}（北京时间）。方式：登录新疆政府采购网（政采云平台）在线获取，售价：0元。`,
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
