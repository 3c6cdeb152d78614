import { DEFAULT_PTYPE } from '#common/constants/protocol.ts'
import { PAGE_SIZE } from '#common/constants/ui.ts'
import type { PortalApi } from '#common/portal-api.ts'
import { intParam } from '#common/url-params.ts'

/** /download: one page of the download centre's forms and guides with their files. */
export async function loadDownloads(api: PortalApi, params: URLSearchParams) {
  const page = intParam(params.get('page'))
  const result = await api.downloadPageList({
    pageNo: page,
    pageSize: PAGE_SIZE,
    ptype: DEFAULT_PTYPE,
  })
  return { page, items: result.Table, total: result.Total }
}
