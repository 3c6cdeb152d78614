import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'

import { ROLE_ADMIN, ROLE_SUPERVISOR } from '#common/constants/staff.ts'
import {
  INDICATOR_CODES,
  INDICATORS,
  thresholdSpecs,
} from '#common/constants/supervision.ts'
import {
  WarningAssignSchema,
  WarningDetailSchema,
  WarningDisposeSchema,
  WarningFiguresSchema,
  WarningPageSchema,
  WarningParamsSchema,
  WarningQuerySchema,
  ThresholdListSchema,
  ThresholdParamsSchema,
  ThresholdUpdateSchema,
  thresholdValuesSchema,
} from '#common/schemas/supervision.ts'
import { AssignableStaffSchema } from '#common/schemas/complaint/complaint-staff.ts'
import type { ContentWorkflow } from '#server/content/content-workflow.ts'
import type { Database } from '#server/db/schema.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'
import type { StaffService } from '#server/staff/staff-service.ts'
import {
  assignWarning,
  disposeWarning,
  findWarningHandlers,
  linkageFromWarning,
  recordLinkage,
} from '#server/supervision/warning-handling.ts'
import {
  loadThresholds,
  saveThresholds,
} from '#server/supervision/threshold-repository.ts'
import {
  findWarning,
  pageWarnings,
  warningFigures,
} from '#server/supervision/warning-queue.ts'

import { answers } from './staff-answers.ts'
import { actorOf, placeOf } from './staff-guard.ts'

type SupervisionRoutesOptions = {
  db: Kysely<Database>
  staff: StaffService
  content: ContentWorkflow
  now: () => Date
  rebuildSoon: () => Promise<void>
}

const READ = { staff: { roles: [ROLE_SUPERVISOR] } }

// The 监督预警 queue (docs/api/staff-api.md, Supervision warnings): the warnings computed from
// the tenders' facts, each given an owner and disposed of by a person with the 监督检查 role.
export const supervisionRoutes: FastifyPluginAsync<
  SupervisionRoutesOptions
> = async (scope, { db, staff, content, now, rebuildSoon }) => {
  const app = withZodSchemas(scope)

  async function detailOrRefuse(id: number) {
    const found = await findWarning(db, id)
    if (!found) throw new Refusal(404, '该预警不存在')
    return found
  }

  app.get(
    '/supervision/warnings',
    {
      config: READ,
      schema: {
        querystring: WarningQuerySchema,
        response: answers(WarningPageSchema),
      },
    },
    async (request) =>
      pageWarnings(db, request.query, actorOf(request).accountId),
  )

  app.get(
    '/supervision/figures',
    { config: READ, schema: { response: answers(WarningFiguresSchema) } },
    async (request) => warningFigures(db, actorOf(request).accountId),
  )

  app.get(
    '/supervision/handlers',
    { config: READ, schema: { response: answers(AssignableStaffSchema) } },
    async () => ({
      items: (await findWarningHandlers(db)).map((s) => ({
        id: Number(s.id),
        name: s.displayName,
      })),
    }),
  )

  app.get(
    '/supervision/warnings/:id',
    {
      config: READ,
      schema: {
        params: WarningParamsSchema,
        response: answers(WarningDetailSchema),
      },
    },
    async (request) => detailOrRefuse(request.params.id),
  )

  app.post(
    '/supervision/warnings/:id/assign',
    {
      config: {
        staff: { roles: [ROLE_SUPERVISOR], audit: 'warning.assign' },
      },
      schema: {
        params: WarningParamsSchema,
        body: WarningAssignSchema,
        response: answers(WarningDetailSchema),
      },
    },
    async (request) => {
      const actor = actorOf(request)
      const { id } = request.params
      await assignWarning(
        db,
        {
          id,
          assigneeId: request.body.assigneeId,
          seenUpdatedAt: request.body.base.updatedAt,
        },
        actor,
        now(),
      )
      await staff.audit({
        actor,
        address: request.ip,
        action: 'warning.assign',
        target: `预警 ${id}`,
        detail: { assigneeId: request.body.assigneeId },
      })
      return detailOrRefuse(id)
    },
  )

  app.post(
    '/supervision/warnings/:id/dispose',
    {
      config: {
        staff: { roles: [ROLE_SUPERVISOR], audit: 'warning.dispose' },
      },
      schema: {
        params: WarningParamsSchema,
        body: WarningDisposeSchema,
        response: answers(WarningDetailSchema),
      },
    },
    async (request) => {
      const actor = actorOf(request)
      const { id } = request.params
      const at = now()
      const warning = await disposeWarning(
        db,
        { id, ...request.body },
        actor,
        at,
      )
      // 已核实 opens a 联动监管 record, a draft of the content workflow prefilled from the
      // warning: it is completed and reviewed by another person before it is public.
      let linkageItemId: number | null = null
      if (request.body.state === 'verified') {
        const fields = await linkageFromWarning(
          db,
          { id, ...warning },
          request.body.note,
          at,
        )
        const draft = await content.create(actor, placeOf(request), {
          kind: 'linkage',
          fields,
        })
        linkageItemId = draft.id
        await recordLinkage(db, id, draft.id)
      }
      await staff.audit({
        actor,
        address: request.ip,
        action: 'warning.dispose',
        target: `预警 ${id}`,
        detail: {
          state: request.body.state,
          note: request.body.note,
          linkageItemId,
        },
      })
      return detailOrRefuse(id)
    },
  )

  // The thresholds: read by whoever handles warnings, set by the 系统管理员 (audited); every
  // warning is computed again with them.
  async function thresholdList() {
    const { thresholds, changes } = await loadThresholds(db)
    return {
      items: INDICATOR_CODES.map((code) => {
        const indicator = INDICATORS[code]
        const inForce = thresholds[code] as Record<string, number>
        return {
          code,
          name: indicator.name,
          rule: indicator.rule,
          basis: indicator.basis,
          thresholds: thresholdSpecs(code).map(([key, spec]) => ({
            key,
            label: spec.label,
            unit: spec.unit,
            value: inForce[key]!,
            defaultValue: spec.value,
            min: spec.min,
            max: spec.max,
          })),
          updatedAt: changes.get(code)?.updatedAt ?? null,
          updatedBy: changes.get(code)?.updatedBy ?? null,
        }
      }),
    }
  }

  app.get(
    '/supervision/thresholds',
    {
      config: { staff: { roles: [ROLE_SUPERVISOR, ROLE_ADMIN] } },
      schema: { response: answers(ThresholdListSchema) },
    },
    thresholdList,
  )

  app.put(
    '/supervision/thresholds/:code',
    {
      config: { staff: { roles: [ROLE_ADMIN], audit: 'warning.thresholds' } },
      schema: {
        params: ThresholdParamsSchema,
        body: ThresholdUpdateSchema,
        response: answers(ThresholdListSchema),
      },
    },
    async (request) => {
      const actor = actorOf(request)
      const { code } = request.params
      const parsed = thresholdValuesSchema(code).safeParse(request.body.values)
      if (!parsed.success)
        throw new Refusal(
          400,
          parsed.error.issues.map((issue) => issue.message).join('；'),
        )
      const before = (await loadThresholds(db)).thresholds[code]
      await saveThresholds(db, code, parsed.data as Record<string, number>, {
        updatedAt: toShanghaiText(now()),
        updatedBy: actor.displayName,
      })
      await staff.audit({
        actor,
        address: request.ip,
        action: 'warning.thresholds',
        target: INDICATORS[code].name,
        detail: { code, before, after: parsed.data },
      })
      await rebuildSoon()
      return thresholdList()
    },
  )
}
