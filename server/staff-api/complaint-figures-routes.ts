import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'

import {
  ComplaintFiguresQuerySchema,
  StaffComplaintFiguresSchema,
} from '#common/schemas/complaint/complaint-figures.ts'
import { countComplaintFigures } from '#server/complaints/figures/complaint-figures.ts'
import { figuresWorkbook } from '#server/complaints/figures/figures-workbook.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import { type ComplaintRouteContext, READ } from './complaint-route-parts.ts'
import { answers } from './staff-answers.ts'
import { actorOf } from './staff-guard.ts'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

// 投诉统计: the department's figures by month or quarter, complaint type and 承办人, and the
// same as a spreadsheet (an export, so in the audit log).
export const complaintFiguresRoutes: FastifyPluginAsync<
  ComplaintRouteContext
> = async (scope, { db, staff, calendar, now }) => {
  const app = withZodSchemas(scope)
  const figuresOf = (query: z.output<typeof ComplaintFiguresQuerySchema>) => {
    const thisYear = Number(toShanghaiText(now()).slice(0, 4))
    return countComplaintFigures(db, calendar, {
      ...query,
      year: query.year ?? thisYear,
      thisYear,
    })
  }

  app.get(
    '/complaints/figures',
    {
      config: READ,
      schema: {
        querystring: ComplaintFiguresQuerySchema,
        response: answers(StaffComplaintFiguresSchema),
      },
    },
    async (request) => figuresOf(request.query),
  )

  app.get(
    '/complaints/figures/export',
    {
      config: { staff: { ...READ.staff, audit: 'complaint.figures-export' } },
      schema: {
        querystring: ComplaintFiguresQuerySchema,
        response: answers(z.instanceof(Buffer).describe(XLSX)),
      },
    },
    async (request, reply) => {
      const figures = await figuresOf(request.query)
      const book = await figuresWorkbook(figures)
      await staff.audit({
        actor: actorOf(request),
        address: request.ip,
        action: 'complaint.figures-export',
        target: `${figures.year}`,
        detail: { year: figures.year, period: figures.period },
      })
      const name = `投诉处理统计（${figures.year}年，${figures.period === 'month' ? '按月' : '按季度'}）.xlsx`
      return reply
        .type(XLSX)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .send(book)
    },
  )
}
