import type { ComplaintFigures } from './schemas/complaint/complaint-figures.ts'
import type {
  ArticleDetail,
  ArticleDetailQuery,
  ArticlePageQuery,
  ArticlePage,
  DownloadItem,
  DownloadPageQuery,
  RotationItem,
  RotationQuery,
} from './schemas/article.ts'
import type {
  FeedbackDetailQuery,
  FeedbackMessage,
  FeedbackSubmit,
  PublishedComplaintDetail,
  PublishedComplaintQuery,
  PublishedComplaintSummary,
} from '#common/schemas/complaint/complaint-published.ts'
import type {
  CreditDetail,
  CreditDetailQuery,
  CreditPage,
  CreditPageQuery,
} from './schemas/credit.ts'
import type { PortalPage } from './schemas/paging.ts'
import type { SearchPage, SearchPageQuery } from './schemas/search.ts'
import type {
  SupervisionStatistics,
  SupervisionStatisticsQuery,
} from './schemas/supervision-statistics.ts'
import type {
  LinkageDetail,
  LinkageDetailQuery,
  LinkagePageQuery,
  LinkageSummary,
  ProjectDetail,
  ProjectDetailQuery,
  ProjectHomeQuery,
  ProjectHomeSummary,
  ProjectLatest,
  ProjectLatestQuery,
  ProjectPageQuery,
  ProjectStatistics,
  ProjectStatisticsQuery,
  ProjectSummary,
  ProjectTypeNode,
} from './schemas/project.ts'
import type {
  FooterLinkGroup,
  FooterLinkQuery,
  HomeLink,
  SysDicQuery,
  SysDicResult,
} from './schemas/site.ts'

/**
 * Implemented in process by the server (route loaders) and over signed, encrypted HTTP by the
 * browser (clientLoaders): same functions, same results (architecture.md).
 */
export interface PortalApi {
  rotationData(query: RotationQuery): Promise<RotationItem[]>
  articlePageList(query: ArticlePageQuery): Promise<ArticlePage>
  /** null when the article does not exist or is not published. */
  articleDetail(query: ArticleDetailQuery): Promise<ArticleDetail | null>
  downloadPageList(query: DownloadPageQuery): Promise<PortalPage<DownloadItem>>
  sysDic(query: SysDicQuery): Promise<SysDicResult>
  homeLinks(): Promise<HomeLink[]>
  footerLinks(query: FooterLinkQuery): Promise<FooterLinkGroup>

  projectTypeTree(): Promise<ProjectTypeNode[]>
  projectPageList(query: ProjectPageQuery): Promise<PortalPage<ProjectSummary>>
  /** null when no project has that id. */
  projectDetail(query: ProjectDetailQuery): Promise<ProjectDetail | null>
  projectStatistics(query: ProjectStatisticsQuery): Promise<ProjectStatistics>
  projectLatest(query: ProjectLatestQuery): Promise<ProjectLatest>
  projectHomeSummary(query: ProjectHomeQuery): Promise<ProjectHomeSummary>
  linkagePageList(query: LinkagePageQuery): Promise<PortalPage<LinkageSummary>>
  /** null when no linkage record has that id. */
  linkageDetail(query: LinkageDetailQuery): Promise<LinkageDetail | null>
  /** Statuses as of the server's day. */
  creditPageList(query: CreditPageQuery): Promise<CreditPage>
  /** null when no credit record has that id; a withdrawn one says so. */
  creditDetail(query: CreditDetailQuery): Promise<CreditDetail | null>
  searchPageList(query: SearchPageQuery): Promise<SearchPage>
  /** POST /Complaint/PageList: published handling results (personal data masked). */
  complaintPageList(
    query: PublishedComplaintQuery,
  ): Promise<PortalPage<PublishedComplaintSummary>>
  /** POST /Complaint/Detail: null when not published. */
  complaintDetail(query: {
    id: number
  }): Promise<PublishedComplaintDetail | null>
  /** POST /Complaint/Feedback: leaves a public feedback message (rate-limited). */
  complaintFeedback(input: FeedbackSubmit): Promise<{ id: number }>
  /** POST /Complaint/FeedbackDetail: answered messages as a page; with id, that one. */
  complaintFeedbackDetail(
    query: FeedbackDetailQuery,
  ): Promise<PortalPage<FeedbackMessage>>
  /** POST /Complaint/Figures: 投诉处理情况, how the department keeps the time limits (no names). */
  complaintFigures(query: {
    year?: number
    period: 'month' | 'quarter'
  }): Promise<ComplaintFigures>
  /** POST /Supervision/Statistics: 监督统计, tenders and warnings by quarter (figures only). */
  supervisionStatistics(
    query: SupervisionStatisticsQuery,
  ): Promise<SupervisionStatistics>
}

/** The trading and project information of the Portal API (交易信息, 联动监管). */
export type BusinessApi = Pick<
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
