import type { PortalApi } from '#common/portal-api.ts'

type ComplaintMethods = Pick<
  PortalApi,
  | 'complaintPageList'
  | 'complaintDetail'
  | 'complaintFeedback'
  | 'complaintFeedbackDetail'
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
  }
}
