import { data } from 'react-router'

import type { PortalApi } from '#common/portal-api.ts'

import { type CreditListQuery, toCreditPageQuery } from './credit-list-query.ts'

export async function loadCreditList(api: PortalApi, query: CreditListQuery) {
  const page = await api.creditPageList(toCreditPageQuery(query))
  return {
    query,
    items: page.Table,
    total: page.Total,
    counts: page.counts,
    years: page.years,
  }
}

export async function loadCreditDetail(api: PortalApi, idParam: string | null) {
  const id = Number(idParam)
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
    throw data('信用记录编号无效', { status: 404 })
  const record = await api.creditDetail({ id })
  if (!record) throw data('信用记录不存在', { status: 404 })
  return { record }
}
