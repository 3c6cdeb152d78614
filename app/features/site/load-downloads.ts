import { DEFAULT_PTYPE } from '#common/constants/protocol.ts'
import { PAGE_SIZE } from '#common/constants/ui.ts'
import type { PortalApi } from '#common/portal-api.ts'
import { intParam } from '#common/url-params.ts'

export async function loadDownloads(api: PortalApi, params: URLSearchParams) {
  const page = intParam(params.get('page'))
  const result = await api.downloadPageList({
    pageNo: page,
    pageSize: PAGE_SIZE,
    ptype: DEFAULT_PTYPE,
  })
  return { page, items: result.Table, total: result.Total }
}
