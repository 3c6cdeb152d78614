/**
 * The warning indicators of supervision from the data (server/supervision/): each with its code
 * (stored and sent), its name, the rule it checks and the legal basis, and its thresholds. A
 * warning is a reason to look, never a verdict: no public page names a company with it.
 *
 * Periods in days follow 民法典 arts. 201 and 203 (server/supervision/legal-days.ts); every rule
 * here speaks of days (日), so holidays inside a period count, and only a period ending on a rest
 * day is lengthened to the next working day.
 */
export const INDICATORS = {
  tenderPeriod: {
    name: '招标期过短',
    rule: '自招标文件开始发出之日至投标截止之日不足规定天数',
    basis: '《招标投标法》第二十四条',
    thresholds: {
      minDays: { value: 20, label: '最短招标期', unit: '日', min: 1, max: 365 },
    },
  },
  salePeriod: {
    name: '文件发售期过短',
    rule: '招标文件或资格预审文件的发售期不足规定天数',
    basis: '《招标投标法实施条例》第十六条',
    thresholds: {
      minDays: { value: 5, label: '最短发售期', unit: '日', min: 1, max: 60 },
    },
  },
  tooFewBidders: {
    name: '投标人过少',
    rule: '开标时开启的投标少于规定家数，且不是重新招标',
    basis: '《招标投标法》第二十八条',
    thresholds: {
      minBidders: {
        value: 3,
        label: '最少投标人',
        unit: '家',
        min: 1,
        max: 20,
      },
    },
  },
  singleValidBid: {
    name: '仅一家有效投标',
    rule: '开标和评标后只剩一家投标未被否决',
    basis: 'Open Contracting Cardinal R018',
    thresholds: {},
  },
  publicity: {
    name: '中标候选人公示不规范',
    rule: '收到评标报告后超过规定天数才公示，公示期不足规定天数，或公示期未满即发出中标通知书',
    basis: '《招标投标法实施条例》第五十四条',
    thresholds: {
      maxStartDays: {
        value: 3,
        label: '收到评标报告后最迟开始公示',
        unit: '日',
        min: 0,
        max: 30,
      },
      minDays: { value: 3, label: '最短公示期', unit: '日', min: 1, max: 30 },
    },
  },
  lateContract: {
    name: '合同签订超期',
    rule: '自中标通知书发出之日起超过规定天数才签订合同',
    basis: '《招标投标法》第四十六条',
    thresholds: {
      maxDays: {
        value: 30,
        label: '中标通知书发出后最迟签订合同',
        unit: '日',
        min: 1,
        max: 365,
      },
    },
  },
  bidBond: {
    name: '投标保证金过高',
    rule: '投标保证金超过项目估算价的规定比例',
    basis: '《招标投标法实施条例》第二十六条',
    thresholds: {
      maxPercent: {
        value: 2,
        label: '投标保证金最高占估算价',
        unit: '%',
        min: 0.1,
        max: 100,
      },
    },
  },
  regularPrices: {
    name: '投标报价呈规律性差异',
    rule: '开启的投标报价有相同的，或依次成等差、等比数列',
    basis: '《招标投标法实施条例》第四十条第（四）项；Cardinal R028',
    thresholds: {
      minBids: {
        value: 3,
        label: '判断等差、等比的最少报价数',
        unit: '家',
        min: 3,
        max: 20,
      },
    },
  },
  nearCeiling: {
    name: '中标价贴近最高投标限价',
    rule: '中标价与最高投标限价相差在规定比例以内，且投标人少于规定家数',
    basis: '竞争充分性',
    thresholds: {
      withinPercent: {
        value: 1,
        label: '中标价与最高投标限价相差不超过',
        unit: '%',
        min: 0.1,
        max: 50,
      },
      fewerThanBidders: {
        value: 5,
        label: '投标人少于',
        unit: '家',
        min: 2,
        max: 50,
      },
    },
  },
  lowestRejected: {
    name: '低价投标被否决',
    rule: '以价格决定中标时最低报价被否决，或除中标人外的投标全部被否决',
    basis: 'Cardinal R036、R035',
    thresholds: {},
  },
  biddingRing: {
    name: '疑似围标：投标人反复同场且轮流中标',
    rule: '本项目至少规定家数的投标人在规定月数内另有多个项目共同投标，且中标人在它们之间轮换',
    basis: '《招标投标法实施条例》第四十条（围标串标）',
    thresholds: {
      minShared: {
        value: 3,
        label: '同场投标的最少家数',
        unit: '家',
        min: 2,
        max: 20,
      },
      minTenders: {
        value: 3,
        label: '同场投标的最少项目数（含本项目）',
        unit: '个',
        min: 2,
        max: 50,
      },
      months: { value: 24, label: '回看期', unit: '个月', min: 1, max: 60 },
    },
  },
  repeatWinner: {
    name: '同一招标人的中标集中于一家',
    rule: '规定月数内同一招标人的中标项目达到规定个数，其中过半由同一单位中标',
    basis: '竞争充分性',
    thresholds: {
      months: { value: 12, label: '回看期', unit: '个月', min: 1, max: 60 },
      minAwards: {
        value: 4,
        label: '招标人最少中标项目数',
        unit: '个',
        min: 2,
        max: 100,
      },
      maxSharePercent: {
        value: 50,
        label: '同一单位中标占比超过',
        unit: '%',
        min: 1,
        max: 99,
      },
    },
  },
  committee: {
    name: '评标委员会组成不合规',
    rule: '评标委员会少于规定人数或为双数',
    basis:
      '《水利工程建设项目招标投标管理规定》（水利部令第14号）；《招标投标法》第三十七条',
    thresholds: {
      minMembers: {
        value: 7,
        label: '评标委员会最少人数',
        unit: '人',
        min: 3,
        max: 49,
      },
    },
  },
} as const

export type IndicatorCode = keyof typeof INDICATORS
export const INDICATOR_CODES = Object.keys(INDICATORS) as [
  IndicatorCode,
  ...IndicatorCode[],
]
/** A threshold as the console shows it: its name, unit and the range a 系统管理员 may set. */
export type ThresholdSpec = {
  value: number
  label: string
  unit: string
  min: number
  max: number
}
export type Thresholds = {
  [C in IndicatorCode]: {
    [K in keyof (typeof INDICATORS)[C]['thresholds']]: number
  }
}
export const thresholdSpecs = (
  code: IndicatorCode,
): [string, ThresholdSpec][] => Object.entries(INDICATORS[code].thresholds)

export const DEFAULT_THRESHOLDS = Object.fromEntries(
  INDICATOR_CODES.map((code) => [
    code,
    Object.fromEntries(
      thresholdSpecs(code).map(([key, spec]) => [key, spec.value]),
    ),
  ]),
) as Thresholds

/** A warning's state in the queue; `cleared` once its inputs no longer make it fire. */
export const WARNING_STATES = {
  raised: '待处理',
  checking: '核查中',
  verified: '已核实',
  dismissed: '排除',
  cleared: '已消除',
} as const
export type WarningState = keyof typeof WARNING_STATES
