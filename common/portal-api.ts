import type {
  ArticleDetail,
  ArticleDetailQuery,
  ArticlePageQuery,
  ArticleSummary,
  RotationItem,
  RotationQuery,
} from './schemas/article.ts'
import type { PortalPage } from './schemas/paging.ts'
import type {
  FooterLinkGroup,
  FooterLinkQuery,
  HomeLink,
  SysDicQuery,
  SysDicResult,
} from './schemas/site.ts'

/**
 * What the pages read, with the Portal API's result shapes. The server implements it in
 * process (route loaders); the browser implements it over signed, encrypted HTTP
 * (clientLoaders). Same functions, same results, two transports (architecture.md).
 * Queries are the parsed (defaults applied) forms of the zod schemas.
 */
export interface PortalApi {
  rotationData(query: RotationQuery): Promise<RotationItem[]>
  articlePageList(query: ArticlePageQuery): Promise<PortalPage<ArticleSummary>>
  /** null when the article does not exist or is not published. */
  articleDetail(query: ArticleDetailQuery): Promise<ArticleDetail | null>
  sysDic(query: SysDicQuery): Promise<SysDicResult>
  homeLinks(): Promise<HomeLink[]>
  footerLinks(query: FooterLinkQuery): Promise<FooterLinkGroup>
}
