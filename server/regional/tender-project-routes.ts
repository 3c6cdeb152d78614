import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Kysely } from 'kysely'

import {
  TenderProjectQuerySchema,
  TenderProjectSchema,
} from '#common/schemas/complaint/complaint-verification.ts'
import { COMPLAINT_PROJECT_CATEGORY } from '#common/constants/statute.ts'
import { pageProjects } from '#server/projects/project-repository.ts'
import type { Database } from '#server/db/schema.ts'
import { regionalPage, regionalPageResponses } from './regional-protocol.ts'

// Only 工程建设 projects: the department handles complaints about engineering tenders
// (工程建设项目招标投标活动投诉处理办法); other transactions have their own complaint channels.
export function tenderProjectRoutes(deps: { db: Kysely<Database> }) {
  return async function routes(xj: FastifyInstance) {
    xj.withTypeProvider<ZodTypeProvider>().get(
      '/api/xjslts/tender/project/page',
      {
        schema: {
          querystring: TenderProjectQuerySchema,
          // The item schema keeps only what the picker shows of each project.
          response: regionalPageResponses(TenderProjectSchema),
        },
      },
      async (request) => {
        const query = request.query
        const page = await pageProjects(deps.db, {
          ...query,
          category: COMPLAINT_PROJECT_CATEGORY,
        })
        return regionalPage(
          page.Table.map((project) => ({ ...project, id: String(project.id) })),
          { pageNo: query.pageNo, pageSize: query.pageSize, total: page.Total },
        )
      },
    )
  }
}
