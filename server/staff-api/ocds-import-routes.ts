import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'

import { ROLE_ADMIN, ROLE_PLATFORM_PUSH } from '#common/constants/staff.ts'
import {
  ImportAnswerSchema,
  ImportTokenListSchema,
  ImportTokenParamsSchema,
  ImportTokenSchema,
  ImportTrustSchema,
  PackageRefusalSchema,
} from '#common/schemas/ocds-import.ts'
import type { ContentWorkflow } from '#server/content/content-workflow.ts'
import type { Database } from '#server/db/schema.ts'
import {
  createReleaseImport,
  PackageRefusal,
} from '#server/ocds/import/release-import.ts'
import type { ContentChanges } from '#server/shared/content-changes.ts'
import { ErrorMessageSchema } from '#server/shared/error-handler.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'
import {
  findApiToken,
  listTokensWithRole,
  setApiTokenImportTrust,
} from '#server/staff/api-token-repository.ts'
import type { StaffService } from '#server/staff/staff-service.ts'

import { answers } from './staff-answers.ts'
import { actorOf, placeOf } from './staff-guard.ts'

type OcdsImportRoutesOptions = {
  db: Kysely<Database>
  staff: StaffService
  content: ContentWorkflow
  changes: ContentChanges
  now: () => Date
}

/** A package of a few hundred releases; the staff API's item limits still bound its shape. */
export const OCDS_IMPORT_BODY_LIMIT = 1024 * 1024

const tokenView = (
  row: Awaited<ReturnType<typeof listTokensWithRole>>[number],
) =>
  ImportTokenSchema.parse({
    id: row.id,
    accountName: row.accountName,
    name: row.name,
    expiresAt: toShanghaiText(new Date(Number(row.expiresAt))),
    isRevoked: row.revokedAt !== null,
    isTrusted: row.isTrustedImport === 1,
  })

// Trading platforms push OCDS release packages (docs/api/ocds-import.md) with a personal API
// token scoped to 交易平台推送; a 系统管理员 decides which tokens publish without review.
export const ocdsImportRoutes: FastifyPluginAsync<
  OcdsImportRoutesOptions
> = async (scope, { db, staff, content, changes, now }) => {
  const app = withZodSchemas(scope)
  const imports = createReleaseImport({ db, content, now })

  const following = new Set<Promise<void>>()
  const stopFollowing = changes.onChange((change) => {
    const run = imports
      .followPublication(change, { address: '' })
      .catch((error: unknown) =>
        scope.log.error(
          { err: error, change },
          'pushed OCDS data waiting for a publication was not written',
        ),
      )
    following.add(run)
    void run.finally(() => following.delete(run))
  })
  scope.addHook('onClose', async () => {
    stopFollowing()
    await Promise.allSettled([...following])
  })

  app.post(
    '/ocds/release-packages',
    {
      config: { staff: { roles: [ROLE_PLATFORM_PUSH], audit: 'ocds.import' } },
      schema: {
        body: z.unknown(),
        response: {
          200: ImportAnswerSchema,
          400: PackageRefusalSchema,
          409: PackageRefusalSchema,
          '4xx': ErrorMessageSchema,
          '5xx': ErrorMessageSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request)
      if (actor.via !== 'token' || actor.tokenId === undefined)
        throw new Refusal(
          403,
          '推送OCDS数据须使用“交易平台推送”角色的个人API令牌，不能在管理控制台登录后调用',
        )
      const token = await findApiToken(db, actor.tokenId)
      const isTrusted = token?.isTrustedImport === 1
      const audit = (
        target: string,
        detail: Record<string, unknown>,
        isRefused = false,
      ) =>
        staff.audit({
          actor,
          address: request.ip,
          action: 'ocds.import',
          target,
          ...(isRefused ? { outcome: 'refused' as const } : {}),
          detail,
        })
      try {
        const result = await imports.importPackage(
          { accountId: actor.accountId, tokenId: actor.tokenId, isTrusted },
          placeOf(request),
          request.body,
        )
        // One entry per process the package speaks of, repeats included.
        const ocids = [...new Set(result.answer.releases.map((r) => r.ocid))]
        for (const ocid of ocids)
          await audit(ocid, {
            isTrusted,
            releases: result.taken.filter((r) => r.ocid === ocid),
            repeated: result.repeated
              .filter((r) => r.ocid === ocid)
              .map((r) => r.id),
            parts: result.answer.releases
              .findLast((r) => r.ocid === ocid)!
              .parts.map(({ part, status, itemId }) => ({
                part,
                status,
                itemId,
              })),
          })
        return result.answer
      } catch (error) {
        if (!(error instanceof PackageRefusal)) throw error
        const releases = (request.body as { releases?: unknown })?.releases
        const ocids = Array.isArray(releases)
          ? [
              ...new Set(
                releases.flatMap((r: { ocid?: unknown }) =>
                  typeof r?.ocid === 'string' ? [r.ocid] : [],
                ),
              ),
            ]
          : []
        await audit(
          ocids.join(',').slice(0, 500) || '（无法识别的发布包）',
          {
            status: error.status,
            reason: error.message,
            problems: error.problems,
          },
          true,
        )
        return reply
          .code(error.status)
          .send({ message: error.message, problems: error.problems })
      }
    },
  )

  app.get(
    '/ocds/import-tokens',
    {
      config: { staff: { roles: [ROLE_ADMIN], sessionOnly: true } },
      schema: { response: answers(ImportTokenListSchema) },
    },
    async () => ({
      items: (await listTokensWithRole(db, ROLE_PLATFORM_PUSH)).map(tokenView),
    }),
  )

  // The department's choice, made by a 系统管理员 and kept in the audit log: this token's pushes
  // are published at once, without a 内容审核's review.
  app.post(
    '/ocds/import-tokens/:id/trust',
    {
      config: {
        staff: {
          roles: [ROLE_ADMIN],
          sessionOnly: true,
          audit: 'token.import-trust',
        },
      },
      schema: {
        params: ImportTokenParamsSchema,
        body: ImportTrustSchema,
        response: answers(ImportTokenSchema),
      },
    },
    async (request) => {
      const { id } = request.params
      const { isTrusted } = request.body
      const token = (await listTokensWithRole(db, ROLE_PLATFORM_PUSH)).find(
        (row) => row.id === id,
      )
      if (!token)
        throw new Refusal(
          404,
          '该令牌不存在，或其角色不含“交易平台推送”，不能设置免审发布',
        )
      if (token.revokedAt !== null) throw new Refusal(409, '该令牌已撤销')
      await setApiTokenImportTrust(db, id, isTrusted)
      await staff.audit({
        actor: actorOf(request),
        address: request.ip,
        action: 'token.import-trust',
        target: `${token.accountName}/${id}`,
        detail: {
          name: token.name,
          before: token.isTrustedImport === 1,
          isTrusted,
        },
      })
      return tokenView({ ...token, isTrustedImport: isTrusted ? 1 : 0 })
    },
  )
}
