import { CODED_DICTIONARIES } from '#common/constants/site.ts'
import {
  COMPLAINANT_TYPES,
  COMPLAINT_PARTY_ROLES,
  COMPLAINT_TYPES,
} from '#common/constants/statute.ts'
import { REGION_DICTIONARY_TYPE, REGIONS } from '#common/constants/trade.ts'
import type { PublishedEntry } from '#server/content/content-import.ts'

/** Footer link groups of spec §3: 1 ministries, 6 provincial water bureaus, 3 trading centres, 4 other. */
const FOOTER: Record<number, [string, string][]> = {
  1: [
    ['中华人民共和国水利部', 'http://www.mwr.gov.cn/'],
    ['国家发展和改革委员会', 'https://www.ndrc.gov.cn/'],
    ['中华人民共和国财政部', 'https://www.mof.gov.cn/'],
    ['中华人民共和国住房和城乡建设部', 'https://www.mohurd.gov.cn/'],
    ['中华人民共和国自然资源部', 'https://www.mnr.gov.cn/'],
    ['中华人民共和国生态环境部', 'https://www.mee.gov.cn/'],
  ],
  6: [
    ['北京市水务局', 'https://swj.beijing.gov.cn/'],
    ['甘肃省水利厅', 'http://slt.gansu.gov.cn/'],
    ['青海省水利厅', 'http://slt.qinghai.gov.cn/'],
    ['宁夏回族自治区水利厅', 'http://slt.nx.gov.cn/'],
    ['内蒙古自治区水利厅', 'http://slt.nmg.gov.cn/'],
    ['陕西省水利厅', 'http://slt.shaanxi.gov.cn/'],
    ['四川省水利厅', 'http://slt.sc.gov.cn/'],
    ['广东省水利厅', 'http://slt.gd.gov.cn/'],
  ],
  3: [
    ['乌鲁木齐市公共资源交易中心', 'http://ggzy.wlmq.gov.cn/'],
    ['昌吉州公共资源交易中心', 'http://ggzy.cj.gov.cn/'],
    ['伊犁州公共资源交易中心', 'http://ggzy.xjyl.gov.cn/'],
    ['阿克苏地区公共资源交易中心', 'http://ggzy.aks.gov.cn/'],
    ['喀什地区公共资源交易中心', 'http://ggzy.kashi.gov.cn/'],
    ['哈密市公共资源交易中心', 'http://ggzy.hami.gov.cn/'],
    ['巴州公共资源交易中心', 'http://ggzy.xjbz.gov.cn/'],
    ['塔城地区公共资源交易中心', 'http://ggzy.xjtc.gov.cn/'],
  ],
  4: [
    ['中国政府网', 'https://www.gov.cn/'],
    ['中国招标投标公共服务平台', 'http://www.cebpubservice.com/'],
    ['全国公共资源交易平台', 'http://www.ggzy.gov.cn/'],
    ['信用中国', 'https://www.creditchina.gov.cn/'],
    ['全国水利建设市场监管平台', 'http://xypt.mwr.cn/'],
    ['新疆维吾尔自治区人民政府', 'https://www.xinjiang.gov.cn/'],
  ],
}

const HOME: [string, string][] = [
  ['自治区水利厅', 'http://slt.xinjiang.gov.cn/'],
  ['全国水利建设市场监管平台', 'http://xypt.mwr.cn/'],
  ['中国招标投标公共服务平台', 'http://www.cebpubservice.com/'],
  ['全国公共资源交易平台', 'http://www.ggzy.gov.cn/'],
  ['信用中国', 'https://www.creditchina.gov.cn/'],
  ['中国裁判文书网', 'https://wenshu.court.gov.cn/'],
]

/**
 * Dictionaries for the complaint form (spec §3 roles, §9 complaint types) and project lists. The
 * complaint dictionaries answer the codes the complaint schemas accept (common/constants.ts).
 */
const DICTIONARIES: Record<string, [label: string, value?: string][]> = {
  complaint_type: [
    '对招标文件的投诉',
    '对资格预审文件的投诉',
    '对资格预审结果的投诉',
    '对评标结果的投诉',
    '对开标过程的投诉',
    '其他',
  ].map((label, i) => [label, COMPLAINT_TYPES[i]!.value]),
  complainant_role: COMPLAINT_PARTY_ROLES.map((r) => [r.label, r.value]),
  complainant_type: COMPLAINANT_TYPES.map((t) => [t.label, t.value]),
  project_type: ['施工', '监理', '勘察设计', '货物采购', '服务'].map((l) => [
    l,
  ]),
}
const DICTIONARY_NAMES: Record<string, string> = { project_type: '项目类型' }

const dictionaryEntry = (
  type: string,
  entries: { label: string; value: string }[],
  publishedAt: Date,
): PublishedEntry => ({
  kind: 'dictionary',
  publishedAt,
  fields: {
    type,
    name: CODED_DICTIONARIES[type]?.name ?? DICTIONARY_NAMES[type] ?? type,
    entries,
  },
})

/**
 * The home links, the four footer groups and the dictionaries as content items, each published
 * as revision 1 of the built-in accounts (server/content/content-import.ts).
 */
export function siteLinkEntries(publishedAt: Date): PublishedEntry[] {
  return [
    {
      kind: 'homeLinks',
      publishedAt,
      fields: { links: HOME.map(([title, url]) => ({ title, url })) },
    },
    ...Object.entries(FOOTER).map(([type, links]): PublishedEntry => ({
      kind: 'footerLinks',
      publishedAt,
      fields: {
        type: Number(type),
        links: links.map(([title, url]) => ({ title, url })),
      },
    })),
    ...Object.entries(DICTIONARIES).map(([type, labels]) =>
      dictionaryEntry(
        type,
        labels.map(([label, value], sort) => ({
          label,
          value: value ?? String(sort + 1),
        })),
        publishedAt,
      ),
    ),
  ]
}

/** The region dictionary (/Common/SysDic type region): the prefectures with their codes. */
export function regionDictionaryEntry(publishedAt: Date): PublishedEntry {
  return dictionaryEntry(
    REGION_DICTIONARY_TYPE,
    REGIONS.map((region) => ({ label: region.label, value: region.value })),
    publishedAt,
  )
}
