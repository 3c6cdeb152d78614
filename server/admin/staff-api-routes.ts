import { timingSafeEqual, createHash } from 'node:crypto'

import { type FastifyPluginAsync, type FastifyReply } from 'fastify'
import { type Kysely } from 'kysely'
import { z } from 'zod'

import { ComplaintNoSchema } from '#common/schemas/complaint/complaint-fields.ts'
import {
  STAFF_ACTIONS,
  StaffActionSchemas,
  type StaffAction,
  StaffComplaintListQuerySchema,
} from '#common/schemas/complaint/complaint-staff.ts'
import { parseInput } from '#common/schemas/parse-input.ts'
import { type Database } from '#server/db/schema.ts'
import { ComplaintError } from '#server/complaints/complaint-error.ts'
import { findComplaintByNo } from '#server/complaints/complaint-repository.ts'
import {
  type ComplaintDeps,
  performComplaintAction,
} from '#server/complaints/complaint-service.ts'
import {
  buildStaffComplaintDetail,
  findStaffComplaintPage,
} from '#server/complaints/staff/staff-view.ts'
import { replyToFeedback } from '#server/complaints/published/complaint-feedback.ts'
import { findFeedbackForStaff } from '#server/complaints/published/published-repository.ts'
import { officialCalendar } from '#server/complaints/working-calendar.ts'

export type StaffRoutesOptions = {
  db: Kysely<Database>
  deps: ComplaintDeps
  /** STAFF_API_TOKEN: the department's bearer token. */
  token: string
}

const digest = (text: string) => createHash('sha256').update(text).digest()

function refuse(reply: FastifyReply, error: unknown) {
  if (!(error instanceof ComplaintError)) throw error
  return reply.code(error.status).send({ message: error.message })
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = parseInput(schema, input)
  if (!parsed.ok) throw new ComplaintError(400, parsed.message)
  return parsed.data
}

const FeedbackReplySchema = z.object({
  reply: z
    .string()
    .trim()
    .min(5, '答复内容不能少于5个字')
    .max(2000, '答复内容不能超过2000个字'),
  isPublic: z.boolean().default(true),
})

/**
 * The department's staff API, register with prefix /staff-api. Every request carries
 * `Authorization: Bearer <STAFF_API_TOKEN>`, compared in constant time (digests of equal
 * length, so the token's length does not leak either). Answers are JSON; refusals
 * `{ message }` with 400/401/404/409.
 */
export const staffRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (
  app,
  { db, deps, token },
) => {
  const expected = digest(token)
  const calendar = deps.calendar ?? officialCalendar()
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const header = request.headers.authorization ?? ''
    const given = header.startsWith('Bearer ') ? header.slice(7) : ''
    if (!given || !timingSafeEqual(digest(given), expected))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: '缺少或错误的工作人员令牌' })
  })

  app.get('/complaints', async (request, reply) => {
    try {
      return await findStaffComplaintPage(
        db,
        parse(StaffComplaintListQuerySchema, request.query),
        calendar,
      )
    } catch (error) {
      return refuse(reply, error)
    }
  })

  app.get<{ Params: { complaintNo: string } }>(
    '/complaints/:complaintNo',
    async (request, reply) => {
      try {
        const no = parse(ComplaintNoSchema, request.params.complaintNo)
        const c = await findComplaintByNo(db, no)
        if (!c) throw new ComplaintError(404, `投诉编号${no}不存在`)
        return await buildStaffComplaintDetail(
          db,
          c,
          (deps.now ?? (() => new Date()))(),
          calendar,
        )
      } catch (error) {
        return refuse(reply, error)
      }
    },
  )

  app.post<{ Params: { complaintNo: string; action: string } }>(
    '/complaints/:complaintNo/actions/:action',
    async (request, reply) => {
      try {
        const no = parse(ComplaintNoSchema, request.params.complaintNo)
        const action = request.params.action as StaffAction
        if (!STAFF_ACTIONS.includes(action))
          throw new ComplaintError(
            404,
            `没有“${request.params.action}”这项办理操作（可用：${STAFF_ACTIONS.join('、')}）`,
          )
        const payload = parse(StaffActionSchemas[action], request.body ?? {})
        const { operator, ...rest } = payload as { operator: string }
        const result = await performComplaintAction(
          db,
          { ...deps, log: request.log },
          no,
          action,
          { kind: 'staff', name: operator },
          rest,
        )
        const c = await findComplaintByNo(db, no)
        return {
          ...result,
          complaint: await buildStaffComplaintDetail(
            db,
            c!,
            (deps.now ?? (() => new Date()))(),
            calendar,
          ),
        }
      } catch (error) {
        return refuse(reply, error)
      }
    },
  )

  app.get('/feedback', async (request, reply) => {
    try {
      return await findFeedbackForStaff(
        db,
        parse(
          StaffComplaintListQuerySchema.pick({ pageNo: true, pageSize: true }),
          request.query,
        ),
      )
    } catch (error) {
      return refuse(reply, error)
    }
  })

  app.post<{ Params: { id: string } }>(
    '/feedback/:id/reply',
    async (request, reply) => {
      try {
        const id = parse(
          z.coerce.number().int().positive('留言编号无效'),
          request.params.id,
        )
        const body = parse(FeedbackReplySchema, request.body)
        return await replyToFeedback(
          db,
          id,
          body,
          (deps.now ?? (() => new Date()))(),
        )
      } catch (error) {
        return refuse(reply, error)
      }
    },
  )
}
