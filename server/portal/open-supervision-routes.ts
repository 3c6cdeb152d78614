import type { FastifyPluginAsync, FastifyReply } from 'fastify'

import type { PortalApi } from '#common/portal-api.ts'
import { SupervisionStatisticsQuerySchema } from '#common/schemas/supervision-statistics.ts'
import { supervisionStatisticsCsv } from '#server/supervision/supervision-statistics-csv.ts'

// 监督统计 as open data: the figures of /business/supervision, naming no company, as JSON and
// CSV for anyone to reuse (docs/api/feeds.md). Kept five minutes by readers, like the feeds and
// the complaint figures.
const CACHE_CONTROL = 'public, max-age=300'

export const openSupervisionRoutes: FastifyPluginAsync<{
  api: PortalApi
}> = async (app, { api }) => {
  const statisticsOf = async (query: unknown) => {
    const parsed = SupervisionStatisticsQuerySchema.safeParse(query)
    if (!parsed.success) return null
    return api.supervisionStatistics(parsed.data)
  }
  const refuse = (reply: FastifyReply) =>
    reply.code(400).type('application/json; charset=utf-8').send({
      message:
        '年份或季度无效：year 为2000至2100的年份，quarter 为1至4，选择季度时须同时选择年份',
    })
  const openData = (reply: FastifyReply) =>
    reply
      .header('cache-control', CACHE_CONTROL)
      .header('access-control-allow-origin', '*')
      .header('x-content-type-options', 'nosniff')

  app.get('/open-data/supervision-statistics.json', async (request, reply) => {
    const statistics = await statisticsOf(request.query)
    if (!statistics) return refuse(reply)
    return openData(reply)
      .type('application/json; charset=utf-8')
      .send(statistics)
  })

  app.get('/open-data/supervision-statistics.csv', async (request, reply) => {
    const statistics = await statisticsOf(request.query)
    if (!statistics) return refuse(reply)
    const name = `监督统计（${statistics.label}）.csv`
    return openData(reply)
      .header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
      )
      .type('text/csv; charset=utf-8')
      .send(await supervisionStatisticsCsv(statistics))
  })
}
