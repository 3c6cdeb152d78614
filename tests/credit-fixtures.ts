import type { PortalApi } from '#common/portal-api.ts'
import type { CreditFields } from '#common/schemas/content/credit-fields.ts'
import type { CreditSummary } from '#common/schemas/credit.ts'

// A valid 统一社会信用代码 (GB 32100-2015 check character).
export const creditFields = (
  partyName: string,
  overrides: Partial<CreditFields> = {},
): CreditFields => ({
  partyName,
  partyKind: 'bidder',
  creditCode: '91650100MA77TXR315',
  violation: '以他人名义投标，借用其他企业的资质证书参加投标。',
  legalBasis:
    '《中华人民共和国招标投标法》第五十四条、《中华人民共和国招标投标法实施条例》第六十八条',
  decisionType: 'penalty',
  decision: '处中标项目金额千分之八的罚款，计人民币二十四万元。',
  decisionDate: '2026-10-15',
  authority: '新疆维吾尔自治区水利厅',
  documentNumber: '新水罚〔2026〕15号',
  restrictionEndDate: null,
  ...overrides,
})

const summary: CreditSummary = {
  id: 5,
  partyName: '新疆恒泰水利建设有限公司',
  partyKind: 'bidder',
  partyKindName: '投标人',
  creditCode: '91650100MA77TXR315',
  violation: '以他人名义投标。',
  decisionType: 'penalty',
  decisionTypeName: '行政处罚决定',
  decisionDate: '2026-10-15',
  authority: '新疆维吾尔自治区水利厅',
  documentNumber: '新水罚〔2026〕15号',
  publicUntil: '2027-04-15',
  status: 'public',
  statusName: '公示中',
  publishTime: '2026-10-20 10:00:00',
}

export function fakeCreditApi(): Pick<
  PortalApi,
  'creditPageList' | 'creditDetail'
> {
  return {
    creditPageList: async () => ({
      Table: [summary],
      Total: 1,
      counts: { public: 1, archived: 0 },
      years: [2026],
    }),
    creditDetail: async () => null,
  }
}
