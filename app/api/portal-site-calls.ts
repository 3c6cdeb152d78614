import type { PortalApi } from '#common/portal-api.ts'
import type {
  FooterLinkGroup,
  HomeLink,
  SysDicResult,
} from '#common/schemas/site.ts'

import type { PortalPost } from './portal-http-post.ts'

export function createPortalSiteCalls(
  post: PortalPost,
  base: string,
  linkBase: string,
): Pick<PortalApi, 'sysDic' | 'homeLinks' | 'footerLinks'> {
  return {
    sysDic: (query) => post<SysDicResult>(`${base}/Common/SysDic`, query),
    homeLinks: () => post<HomeLink[]>(`${base}/Home/Link`, {}),
    footerLinks: (query) =>
      post<FooterLinkGroup>(
        `${linkBase}/linkConfiguration/SearchByPlatformType`,
        query,
      ),
  }
}
