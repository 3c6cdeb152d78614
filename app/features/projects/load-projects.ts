import { data } from 'react-router'

import type { PortalApi } from '#common/portal-api.ts'

import {
  type ProjectListQuery,
  toProjectPageQuery,
} from './project-list-query.ts'

const STATISTICS_MONTHS = 12
const LATEST_SIZE = 6

export async function loadProjectOverview(api: PortalApi) {
  const [statistics, latest] = await Promise.all([
    api.projectStatistics({ months: STATISTICS_MONTHS }),
    api.projectLatest({ size: LATEST_SIZE }),
  ])
  return { statistics, latest }
}

export async function loadProjectList(api: PortalApi, query: ProjectListQuery) {
  const [typeTree, page] = await Promise.all([
    api.projectTypeTree(),
    api.projectPageList(toProjectPageQuery(query)),
  ])
  return { query, typeTree, items: page.Table, total: page.Total }
}

function positiveId(param: string | null, message: string) {
  const id = Number(param)
  if (!Number.isInteger(id) || id <= 0) throw data(message, { status: 404 })
  return id
}

export async function loadProjectDetail(
  api: PortalApi,
  idParam: string | null,
) {
  const id = positiveId(idParam, '项目编号无效')
  const project = await api.projectDetail({ id })
  if (!project) throw data('项目不存在', { status: 404 })
  return { project }
}

export async function loadLinkageDetail(
  api: PortalApi,
  idParam: string | null,
) {
  const id = positiveId(idParam, '监管记录编号无效')
  const record = await api.linkageDetail({ id })
  if (!record) throw data('监管记录不存在', { status: 404 })
  return { record }
}
