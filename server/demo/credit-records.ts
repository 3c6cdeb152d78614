import type { Kysely } from 'kysely'

import type { CreditFields } from '#common/schemas/content/credit-fields.ts'
import { creditCodeCheckCharacter } from '#common/schemas/credit.ts'
import {
  importPublishedContent,
  type PublishedEntry,
} from '#server/content/content-import.ts'
import { countCreditRecords } from '#server/credit/credit-repository.ts'
import { shanghaiDay } from '#server/credit/credit-service.ts'
import type { Database } from '#server/db/schema.ts'
import { fromShanghaiText } from '#server/shared/publish-time.ts'

const DAY_MS = 86_400_000

/** A 统一社会信用代码 from its first 17 characters, with its GB 32100-2015 check character. */
const code = (first17: string) =>
  `${first17}${creditCodeCheckCharacter(first17)}`

type DemoRecord = Omit<CreditFields, 'decisionDate' | 'restrictionEndDate'> & {
  /** How many days before the seed the decision was taken. */
  daysAgo: number
  /** A restriction of this many days from the decision (longer than the six months). */
  restrictionDays?: number
}

/**
 * Penalties and handling decisions of the kind a water department publishes (招标投标法 and its
 * 实施条例): bidders, agencies, an expert and a tenderer; some within their six months, some
 * archived, one kept public by a longer restriction. Every party is invented.
 */
const RECORDS: DemoRecord[] = [
  {
    daysAgo: 10,
    partyName: '新疆雪莲水利建设有限公司',
    partyKind: 'bidder',
    creditCode: code('91652300MA78R2K4T'),
    violation:
      '在塔城地区额敏县农村供水保障工程施工招标中被确定为中标人后，无正当理由不与招标人订立合同。',
    legalBasis: '《中华人民共和国招标投标法实施条例》第七十四条',
    decisionType: 'penalty',
    decision:
      '取消其中标资格，投标保证金不予退还，并处中标项目金额千分之五的罚款，计人民币九万四千元。',
    authority: '塔城地区水利局',
    documentNumber: '塔地水罚〔2026〕7号',
  },
  {
    daysAgo: 35,
    partyName: '新疆胡杨建设工程有限公司',
    partyKind: 'bidder',
    creditCode: code('91650100MA776XK3B'),
    violation:
      '在阿克苏地区温宿县灌区续建配套与节水改造工程施工招标中，提交伪造的项目经理类似工程业绩证明材料，弄虚作假骗取中标。',
    legalBasis:
      '《中华人民共和国招标投标法》第五十四条、《中华人民共和国招标投标法实施条例》第六十八条',
    decisionType: 'penalty',
    decision:
      '中标无效；处中标项目金额千分之七的罚款，计人民币二十一万七千元；对单位直接负责的主管人员处单位罚款数额百分之五的罚款。',
    authority: '新疆维吾尔自治区水利厅',
    documentNumber: '新水罚〔2026〕12号',
  },
  {
    daysAgo: 70,
    partyName: '新疆立达工程项目管理咨询有限公司',
    partyKind: 'agency',
    creditCode: code('91654000MA79D0P6U'),
    violation:
      '作为伊犁州某防洪治理工程的招标代理机构，在开标前向个别潜在投标人泄露已获取招标文件的潜在投标人名称和数量。',
    legalBasis: '《中华人民共和国招标投标法》第五十条',
    decisionType: 'penalty',
    decision: '警告，处人民币三万元罚款，没收违法所得人民币八千元。',
    authority: '伊犁哈萨克自治州水利局',
    documentNumber: '伊州水罚〔2026〕3号',
  },
  {
    daysAgo: 120,
    partyName: '孙某某',
    partyKind: 'expert',
    creditCode: '',
    violation:
      '担任评标委员会成员期间，未按照招标文件规定的评标标准和方法评标，对同一投标人的同一项目作出前后矛盾的评分。',
    legalBasis: '《中华人民共和国招标投标法实施条例》第七十一条',
    decisionType: 'handling',
    decision:
      '责令改正，暂停其参加依法必须进行招标的水利工程项目评标六个月，并记入评标专家不良行为记录。',
    authority: '新疆维吾尔自治区水利厅',
    documentNumber: '',
  },
  {
    daysAgo: 200,
    restrictionDays: 365,
    partyName: '新疆瀚海水利水电工程有限公司',
    partyKind: 'bidder',
    creditCode: code('91652900MA7A1QH5N'),
    violation:
      '在喀什地区某水库除险加固工程施工招标中，与其他投标人相互约定投标报价，串通投标。',
    legalBasis:
      '《中华人民共和国招标投标法》第五十三条、《中华人民共和国招标投标法实施条例》第六十七条',
    decisionType: 'penalty',
    decision:
      '中标无效；处中标项目金额千分之六的罚款，计人民币十八万六千元；取消其一年内参加依法必须进行招标的水利工程项目的投标资格。',
    authority: '新疆维吾尔自治区水利厅',
    documentNumber: '新水罚〔2026〕4号',
  },
  {
    daysAgo: 250,
    partyName: '新疆中正工程项目管理咨询有限公司',
    partyKind: 'agency',
    creditCode: code('91650100MA775BNW8'),
    violation:
      '在所代理的哈密市山洪沟道防洪治理工程招标项目中，同时为该项目的投标人编制投标文件、提供咨询。',
    legalBasis: '《中华人民共和国招标投标法实施条例》第六十五条',
    decisionType: 'penalty',
    decision: '处人民币五万元罚款，没收违法所得人民币一万二千元。',
    authority: '哈密市水利局',
    documentNumber: '哈市水罚〔2025〕9号',
  },
  {
    daysAgo: 300,
    partyName: '和田县水利工程建设管理站',
    partyKind: 'tenderer',
    creditCode: code('12653221MB1C4712X'),
    violation:
      '依法必须进行招标的和田县高效节水灌溉工程，未按规定在指定媒介发布招标公告，且招标文件设置了与项目实际需要不相适应的资格条件。',
    legalBasis: '《中华人民共和国招标投标法实施条例》第六十三条、第三十二条',
    decisionType: 'handling',
    decision: '责令改正，重新发布招标公告并修改招标文件中的资格条件。',
    authority: '和田地区水利局',
    documentNumber: '和地水处〔2025〕2号',
  },
  {
    daysAgo: 420,
    partyName: '新疆绿洲水务工程有限公司',
    partyKind: 'bidder',
    creditCode: code('91650200MA77Q9E1H'),
    violation:
      '在克拉玛依市城乡供水一体化工程施工招标中，借用其他企业的资质证书，以他人名义投标。',
    legalBasis:
      '《中华人民共和国招标投标法》第五十四条、《中华人民共和国招标投标法实施条例》第六十八条',
    decisionType: 'penalty',
    decision: '处中标项目金额千分之五的罚款，计人民币十二万三千元。',
    authority: '新疆维吾尔自治区水利厅',
    documentNumber: '新水罚〔2025〕21号',
  },
]

/**
 * The demo credit records as published content entries: each decided `daysAgo` before `now`,
 * published five days after its decision (never later than `now`), oldest first.
 */
export function planDemoCreditRecords(now: Date): PublishedEntry[] {
  return RECORDS.map(({ daysAgo, restrictionDays, ...record }) => {
    const decidedAt = new Date(now.getTime() - daysAgo * DAY_MS)
    const decisionDate = shanghaiDay(decidedAt)
    const restrictionEndDate =
      restrictionDays === undefined
        ? null
        : shanghaiDay(new Date(decidedAt.getTime() + restrictionDays * DAY_MS))
    const published = fromShanghaiText(`${decisionDate} 10:30:00`).getTime()
    const publishedAt = new Date(
      Math.min(published + 5 * DAY_MS, now.getTime()),
    )
    const fields: CreditFields = { ...record, decisionDate, restrictionEndDate }
    return { kind: 'credit' as const, fields, publishedAt }
  }).sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime())
}

/**
 * Demo credit records for a fresh install, published through the content workflow's bulk
 * import (the console edits them like any other); none when any record exists. Returns how
 * many it wrote. Pass a transaction.
 */
export async function seedDemoCreditRecords(
  db: Kysely<Database>,
  now: Date,
): Promise<number> {
  if ((await countCreditRecords(db)) > 0) return 0
  const entries = planDemoCreditRecords(now)
  await importPublishedContent(db, entries, now)
  return entries.length
}
