import type { FastifyPluginAsync, FastifyReply } from 'fastify'

import type { PortalApi } from '#common/portal-api.ts'
import { ComplaintFiguresQuerySchema } from '#common/schemas/complaint/complaint-figures.ts'
import { figuresCsv } from '#server/complaints/figures/figures-csv.ts'

// 投诉处理情况 as open data: the figures of /complaint/figures, naming nobody, as JSON and CSV
// for anyone to reuse (docs/api/feeds.md). Kept five minutes by readers, like the feeds.
const CACHE_CONTROL = 'public, max-age=300'

export const openFiguresRoutes: FastifyPluginAsync<{ api: PortalApi }> = async (
  app,
  { api },
) => {
  const figuresOf = async (query: unknown) => {
    const parsed = ComplaintFiguresQuerySchema.safeParse(query)
    if (!parsed.success) return null
    return api.complaintFigures(parsed.data)
  }
  const refuse = (reply: FastifyReply) =>
    reply.code(400).type('application/json; charset=utf-8').send({
      message:
        '年份或统计周期无效：year 为2000至2100的年份，period 为 month 或 quarter',
    })

  app.get('/open-data/complaint-figures.json', async (request, reply) => {
    const figures = await figuresOf(request.query)
    if (!figures) return refuse(reply)
    return reply
      .header('cache-control', CACHE_CONTROL)
      .header('access-control-allow-origin', '*')
      .type('application/json; charset=utf-8')
      .send(figures)
  })

  app.get('/open-data/complaint-figures.csv', async (request, reply) => {
    const figures = await figuresOf(request.query)
    if (!figures) return refuse(reply)
    const name = `投诉处理情况（${figures.year}年，${figures.period === 'month' ? '按月' : '按季度'}）.csv`
    return reply
      .header('cache-control', CACHE_CONTROL)
      .header('access-control-allow-origin', '*')
      .header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
      )
      .type('text/csv; charset=utf-8')
      .send(await figuresCsv(figures))
  })
}
