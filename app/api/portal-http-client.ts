import { DEFAULT_PTYPE } from '#common/constants/protocol.ts'
import { MSG_PORTAL_ERROR_FALLBACK } from '#common/messages.ts'
import { normalizePage } from '#common/normalize.ts'
import type { PortalApi } from '#common/portal-api.ts'
import { decryptPortalData } from '#common/protocol/portal-envelope.ts'
import { portalSign } from '#common/protocol/portal-sign.ts'
import type {
  ArticleDetail,
  ArticlePageQuery,
  ArticleSummary,
  DownloadItem,
  RotationItem,
} from '#common/schemas/article.ts'
import type {
  LinkageDetail,
  LinkageSummary,
  ProjectDetail,
  ProjectHomeSummary,
  ProjectLatest,
  ProjectStatistics,
  ProjectSummary,
  ProjectTypeNode,
} from '#common/schemas/project.ts'
import type { CreditDetail, CreditPage } from '#common/schemas/credit.ts'
import type {
  FeedbackMessage,
  PublishedComplaintDetail,
  PublishedComplaintSummary,
} from '#common/schemas/complaint/complaint-published.ts'
import type {
  FooterLinkGroup,
  HomeLink,
  SysDicResult,
} from '#common/schemas/site.ts'
import type { SearchHit } from '#common/schemas/search.ts'
import type { ApiFeedback } from './api-feedback.ts'

type PortalHttpConfig = {
  base: string
  linkApiBase: string
  secret: string
  aesKey: string
}

/** A Portal API call that did not succeed; the visitor has already been told. */
export class PortalApiError extends Error {
  readonly state: number
  constructor(state: number, message: string) {
    super(message)
    this.name = 'PortalApiError'
    this.state = state
  }
}

type Envelope = {
  State?: unknown
  state?: unknown
  statusCode?: unknown
  Msg?: unknown
  msg?: unknown
  Data?: unknown
  data?: unknown
}

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error)

/**
 * The Portal API over HTTP (architecture.md, Protocols; spec §7, §8): POST JSON with `ts` and
 * `X-Sign`, `Data` decrypted when State (or state, statusCode) is 200. A failed call shows a toast
 * (Msg or 'error', transport errors their own message) and rejects; 403, 408 or HTTP 401 log
 * the visitor out instead. articleDetail, projectDetail, linkageDetail and creditDetail resolve
 * null for State 404.
 */
export function createPortalHttpClient(
  config: PortalHttpConfig,
  feedback: ApiFeedback,
  fetchImpl: typeof fetch = fetch,
): PortalApi {
  // The result types are those of our own server's result schemas (server/portal): asserted here.
  async function post<T>(
    url: string,
    params: Record<string, unknown>,
    isMissingAllowed = false,
  ): Promise<T> {
    const body = { ...params, ts: Date.now() }
    let response: Response
    let envelope: Envelope
    try {
      const sign = await portalSign(body, config.secret)
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Sign': sign },
        body: JSON.stringify(body),
      })
      if (response.status === 401) {
        feedback.logout()
        throw new PortalApiError(401, response.statusText)
      }
      envelope = (await response.json()) as Envelope
    } catch (error) {
      if (!(error instanceof PortalApiError)) feedback.error(messageOf(error))
      throw error
    }
    const state = Number(
      envelope.State ?? envelope.state ?? envelope.statusCode,
    )
    const msg = String(envelope.Msg ?? envelope.msg ?? '')
    if (state === 200) {
      const data = envelope.Data ?? envelope.data
      if (typeof data !== 'string') return data as T
      return decryptPortalData(data, config.aesKey).catch((error: unknown) => {
        feedback.error(messageOf(error))
        throw error
      }) as Promise<T>
    }
    if (state === 404 && isMissingAllowed) return null as T
    if (state === 403 || state === 408) feedback.logout()
    else feedback.error(msg || MSG_PORTAL_ERROR_FALLBACK)
    throw new PortalApiError(state, msg || MSG_PORTAL_ERROR_FALLBACK)
  }

  const base = config.base.replace(/\/$/, '')
  const linkBase = config.linkApiBase.replace(/\/$/, '')
  function article<T>(
    path: string,
    query: { ptype?: string },
    isMissingAllowed = false,
  ) {
    const params = { ...query, ptype: query.ptype || DEFAULT_PTYPE }
    return post<T>(`${base}/Article/${path}`, params, isMissingAllowed)
  }

  return {
    rotationData: (query) => article<RotationItem[]>('RotationData', query),
    async articlePageList(query) {
      // spec §7: the list call never sends createTime or stype, even if a caller passes them.
      const {
        createTime: _c,
        stype: _s,
        ...rest
      } = query as ArticlePageQuery & {
        createTime?: unknown
        stype?: unknown
      }
      const page = normalizePage<ArticleSummary>(
        await article<unknown>('PageList', rest),
      )
      return { Table: page.items, Total: page.total }
    },
    articleDetail: (query) =>
      article<ArticleDetail | null>('Detail', query, true),
    async downloadPageList(query) {
      const page = normalizePage<DownloadItem>(
        await article<unknown>('DownloadList', query),
      )
      return { Table: page.items, Total: page.total }
    },
    sysDic: (query) => post<SysDicResult>(`${base}/Common/SysDic`, query),
    homeLinks: () => post<HomeLink[]>(`${base}/Home/Link`, {}),
    footerLinks: (query) =>
      post<FooterLinkGroup>(
        `${linkBase}/linkConfiguration/SearchByPlatformType`,
        query,
      ),
    // spec §7: the type tree's body never carries createTime.
    projectTypeTree: () =>
      post<ProjectTypeNode[]>(`${base}/Project/JdPortalProjectTypeTree`, {}),
    async projectPageList(query) {
      const page = normalizePage<ProjectSummary>(
        await post<unknown>(`${base}/Project/PageList`, query),
      )
      return { Table: page.items, Total: page.total }
    },
    projectDetail: (query) =>
      post<ProjectDetail | null>(`${base}/Project/Detail`, query, true),
    projectStatistics: (query) =>
      post<ProjectStatistics>(`${base}/Project/Statistics`, query),
    projectLatest: (query) =>
      post<ProjectLatest>(`${base}/Project/Latest`, query),
    projectHomeSummary: (query) =>
      post<ProjectHomeSummary>(`${base}/Project/HomeSummary`, query),
    async linkagePageList(query) {
      const page = normalizePage<LinkageSummary>(
        await post<unknown>(`${base}/Project/LinkagePageList`, query),
      )
      return { Table: page.items, Total: page.total }
    },
    linkageDetail: (query) =>
      post<LinkageDetail | null>(`${base}/Project/LinkageDetail`, query, true),
    creditPageList: (query) =>
      post<CreditPage>(`${base}/Credit/PageList`, query),
    creditDetail: (query) =>
      post<CreditDetail | null>(`${base}/Credit/Detail`, query, true),
    async searchPageList(query) {
      const data = await post<unknown>(`${base}/Search/PageList`, query)
      const page = normalizePage<SearchHit>(data)
      const totalCapped =
        typeof data === 'object' &&
        data !== null &&
        'totalCapped' in data &&
        data.totalCapped === true
      return { Table: page.items, Total: page.total, totalCapped }
    },
    async complaintPageList(query) {
      const page = normalizePage<PublishedComplaintSummary>(
        await post<unknown>(`${base}/Complaint/PageList`, query),
      )
      return { Table: page.items, Total: page.total }
    },
    complaintDetail: (query) =>
      post<PublishedComplaintDetail | null>(
        `${base}/Complaint/Detail`,
        query,
        true,
      ),
    complaintFeedback: (input) =>
      post<{ id: number }>(`${base}/Complaint/Feedback`, input),
    async complaintFeedbackDetail(query) {
      const page = normalizePage<FeedbackMessage>(
        await post<unknown>(`${base}/Complaint/FeedbackDetail`, query),
      )
      return { Table: page.items, Total: page.total }
    },
  }
}
