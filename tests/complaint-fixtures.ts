import type { PortalApi } from '#common/portal-api.ts'

type ComplaintMethods = Pick<
  PortalApi,
  | 'complaintPageList'
  | 'complaintDetail'
  | 'complaintFeedback'
  | 'complaintFeedbackDetail'
  | 'complaintFigures'
>

export function fakeComplaintApi(): ComplaintMethods {
  return {
    complaintPageList: async (query) => ({
      Table: [
        {
          id: 3,
          complaintNo: '202609290001',
          projectName: '塔里木河干流防洪治理工程',
          complaintTypeLabel: '评标结果',
          complainantName: '新疆****公司',
          conclusion: 'partly_substantiated',
          conclusionLabel: '部分属实',
          decidedAt: '2026-11-02 10:00:00',
          publishedAt: `2026-11-0${query.pageNo} 10:00:00`,
        },
      ],
      Total: 1,
    }),
    complaintDetail: async () => null,
    complaintFeedback: async () => ({ id: 9 }),
    complaintFeedbackDetail: async () => ({ Table: [], Total: 0 }),
    complaintFigures: async (query) => {
      const year = query.year ?? 2026
      const row = (key: string, label: string) => ({
        key,
        label,
        received: 2,
        accepted: 1,
        refused: 1,
        withdrawn: 0,
        transferred: 0,
        decided: 1,
        open: 0,
        acceptanceOnTime: 2,
        decisionOnTime: 1,
        decisionOnTimeShare: 1,
        acceptanceDays: { count: 2, mean: 1.5, longest: 2 },
        decisionDays: { count: 1, mean: 7, longest: 7 },
      })
      return {
        year,
        thisYear: 2026,
        period: query.period,
        total: row('total', '合计'),
        byPeriod: [row(`${year}-Q4`, `${year}年第四季度`)],
        byType: [row('evaluation_result', '评标结果')],
      }
    },
  }
}
