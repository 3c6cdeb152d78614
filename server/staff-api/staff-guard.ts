import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'

import type { StaffRole } from '#common/constants/staff.ts'
import { defaultErrorHandler } from '#server/shared/error-handler.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { authenticateStaff, hasCsrfToken } from '#server/staff/staff-access.ts'
import {
  auditedRefusals,
  type StaffActor,
  type StaffService,
} from '#server/staff/staff-service.ts'

/**
 * What a staff route asks of its caller, in its route config (`config: { staff: … }`):
 * - `open`: no sign-in (signing in, the setup link);
 * - `roles`: one of these roles (none given: any signed-in person);
 * - `sessionOnly`: the console only, not a personal API token;
 * - `audit`: the action's name in the audit log, for its refusals.
 */
export type StaffRouteRule = {
  open?: true
  roles?: StaffRole[]
  sessionOnly?: true
  audit?: string
}

declare module 'fastify' {
  interface FastifyContextConfig {
    staff?: StaffRouteRule
  }
  interface FastifyRequest {
    staffActor?: StaffActor
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function actorOf(request: FastifyRequest): StaffActor {
  if (!request.staffActor) throw new Refusal(401, '请先登录，或使用个人API令牌')
  return request.staffActor
}

export const placeOf = (request: FastifyRequest) => ({ address: request.ip })

// Every refusal of a guarded route goes to the audit log, with the person when known.
export function guardStaffRoutes(app: FastifyInstance, staff: StaffService) {
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.staff ?? {}
    if (rule.open) return
    const actor = await authenticateStaff(staff, request)
    request.staffActor = actor
    if (actor.via === 'token' && rule.sessionOnly)
      throw new Refusal(403, '此操作须登录管理控制台办理，不能使用API令牌')
    if (
      actor.via === 'session' &&
      !SAFE_METHODS.has(request.method) &&
      !hasCsrfToken(request, actor)
    )
      throw new Refusal(
        403,
        '缺少或错误的防跨站请求令牌（X-CSRF-Token），请刷新页面后重试',
      )
    if (rule.roles && !rule.roles.some((role) => actor.roles.includes(role)))
      throw new Refusal(
        403,
        `此操作需要“${rule.roles.join('”或“')}”角色，您${actor.via === 'token' ? '的令牌' : ''}的角色：${actor.roles.join('、') || '无'}`,
      )
  })

  app.setErrorHandler<FastifyError | Refusal>(async (error, request, reply) => {
    const status =
      error instanceof Refusal
        ? error.status
        : ((error as FastifyError).statusCode ?? 500)
    const rule = request.routeOptions.config?.staff ?? {}
    const isAccessRefusal = [401, 403, 429].includes(status)
    const isStateChange = !SAFE_METHODS.has(request.method)
    if (
      status >= 400 &&
      status < 500 &&
      !auditedRefusals.has(error) &&
      (isAccessRefusal || isStateChange)
    ) {
      const actor = request.staffActor ?? null
      await staff.audit({
        actor,
        address: request.ip,
        action:
          rule.audit ??
          `${request.method} ${request.routeOptions.url ?? request.url}`,
        target: request.url.split('?')[0]!,
        outcome: 'refused',
        detail: { status, reason: error.message },
      })
    }
    return defaultErrorHandler(error, request, reply)
  })
}
