import { type PortalApi } from '#common/portal-api.ts'
import {
  type LinkageDetail,
  type ProjectDetail,
  type ProjectHomeSummary,
  type ProjectSummary,
} from '#common/schemas/project.ts'

export const projectSummary: ProjectSummary = {
  id: 3,
  code: 'XJSL-2025-SG-0003',
  name: '呼图壁县红山水库除险加固工程',
  category: 1,
  categoryName: '工程建设',
  subType: 101,
  subTypeName: '施工',
  regionCode: '652300',
  regionName: '昌吉回族自治州',
  tenderer: '呼图壁县水利局',
  amount: 2856.4,
  tradeMode: '公开招标',
  stage: 'bidNotice',
  stageName: '招标公告',
  announcementId: 11,
  title: '呼图壁县红山水库除险加固工程施工招标公告',
  publishTime: '2025-04-02 10:00:00',
  registrationDeadline: '2025-04-10 17:30:00',
  openingTime: '2025-04-24 10:30:00',
  currentStage: 'bidNotice',
  currentStageName: '招标公告',
}

const {
  stage: _stage,
  stageName: _stageName,
  announcementId: _announcementId,
  title: _title,
  ...projectFields
} = projectSummary

export const projectDetail: ProjectDetail = {
  ...projectFields,
  location: '昌吉回族自治州呼图壁县',
  agency: '新疆诚信招标代理有限公司',
  fundSource: '中央预算内投资及地方配套',
  publishTime: '2025-03-28 09:30:00',
  stages: [
    {
      stage: 'entry',
      stageName: '项目入场',
      announcement: {
        id: 10,
        title: '项目入场登记',
        content: '<p>已入场</p>',
        publishTime: '2025-03-28 09:30:00',
        files: [],
      },
    },
    { stage: 'bidNotice', stageName: '招标公告', announcement: null },
  ],
  linkages: [],
}

// Wednesday 2 April 2025: the project's deadline is next week.
export const projectHomeSummary: ProjectHomeSummary = {
  today: '2025-04-02',
  weekStart: '2025-03-31',
  weekEnd: '2025-04-06',
  month: '2025-04',
  figures: {
    inProgress: 1,
    noticesThisMonth: 1,
    openingsThisWeek: 0,
    deadlinesThisWeek: 0,
  },
  openings: {
    today: { total: 0, items: [] },
    week: { total: 0, items: [] },
  },
  deadlines: {
    today: { total: 0, items: [] },
    week: { total: 0, items: [] },
  },
  notices: { tender: [projectSummary], result: [] },
}

export const linkageDetail: LinkageDetail = {
  id: 5,
  projectId: 3,
  projectName: projectSummary.name,
  title: '招标文件设置不合理资格条件问题整改',
  item: '招标文件编制',
  responsibleUnit: '呼图壁县水利局',
  status: 2,
  statusName: '已整改',
  foundDate: '2025-04-05',
  deadline: '2025-04-20',
  rectifiedDate: '2025-04-15',
  publishTime: '2025-04-16 11:00:00',
  finding: '资格条件要求省级以上奖项。',
  requirement: '删除该条件并发布澄清。',
  content: '<p>已发布澄清公告。</p>',
  files: [],
  project: {
    id: 3,
    code: projectSummary.code,
    name: projectSummary.name,
    category: 1,
    categoryName: '工程建设',
    tenderer: projectSummary.tenderer,
  },
}

type BusinessMethods = Pick<
  PortalApi,
  | 'projectTypeTree'
  | 'projectPageList'
  | 'projectDetail'
  | 'projectStatistics'
  | 'projectLatest'
  | 'projectHomeSummary'
  | 'linkagePageList'
  | 'linkageDetail'
>

export function fakeBusinessApi(
  received: Record<string, unknown>[] = [],
): BusinessMethods {
  return {
    projectTypeTree: async () => [
      {
        label: '工程建设',
        value: '1',
        children: [{ label: '施工', value: '101' }],
      },
    ],
    projectPageList: async (query) => {
      received.push(query)
      return { Table: [projectSummary], Total: 41 }
    },
    projectDetail: async (query) => (query.id === 3 ? projectDetail : null),
    projectStatistics: async () => ({
      total: { count: 1, amount: 2856.4 },
      byCategory: [
        { category: 1, categoryName: '工程建设', count: 1, amount: 2856.4 },
      ],
      byMonth: [
        {
          month: '2025-03',
          count: 1,
          amount: 2856.4,
          categories: [{ category: 1, count: 1, amount: 2856.4 }],
        },
      ],
    }),
    projectLatest: async () => [
      {
        category: 1,
        categoryName: '工程建设',
        stages: [
          {
            stage: 'bidNotice',
            stageName: '招标公告',
            items: [projectSummary],
          },
        ],
      },
    ],
    projectHomeSummary: async (query) => {
      received.push(query)
      return projectHomeSummary
    },
    linkagePageList: async () => ({ Table: [linkageDetail], Total: 1 }),
    linkageDetail: async (query) => (query.id === 5 ? linkageDetail : null),
  }
}
