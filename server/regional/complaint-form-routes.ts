import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Kysely } from 'kysely'

import { MSG_INTERNAL_ERROR } from '#common/messages.ts'
import { ComplaintDraftSchema } from '#common/schemas/complaint/complaint-filing.ts'
import { FileRecordSchema } from '#common/schemas/file-record.ts'
import type { Database } from '#server/db/schema.ts'
import type { FileAccess } from '#server/files/file-access.ts'
import type { FileStorage } from '#server/files/file-storage.ts'
import { Refusal } from '#server/shared/refusal.ts'
import {
  callsPerMinute,
  regionalOk,
  regionalResponses,
} from './regional-protocol.ts'
import {
  generateComplaintForm,
  MSG_FILES_MISSING,
} from '#server/complaints/filing/complaint-form.ts'

/**
 * Forms drawn at once by one process: the parsed CJK font is shared (cjk-font.ts), but each
 * form still subsets and lays out its own copy, so a burst queues instead of piling up.
 */
const MAX_PARALLEL = 2
const MAX_WAITING = 20

function createLimiter() {
  let running = 0
  const waiting: (() => void)[] = []
  return async function limited<T>(run: () => Promise<T>): Promise<T> {
    if (running >= MAX_PARALLEL) {
      if (waiting.length >= MAX_WAITING)
        throw new Refusal(503, MSG_INTERNAL_ERROR)
      await new Promise<void>((resolve) => waiting.push(resolve))
    }
    running++
    try {
      return await run()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}

// The draft may name only files this browser uploaded, never files of a complaint: another's file
// is refused as missing.
export function complaintFormRoutes(deps: {
  db: Kysely<Database>
  storage: FileStorage
  access: FileAccess
  now?: () => Date
}) {
  const limited = createLimiter()
  return async function routes(xj: FastifyInstance) {
    xj.withTypeProvider<ZodTypeProvider>().post(
      '/api/xjslts/complaint/form',
      {
        ...callsPerMinute(10),
        schema: {
          body: ComplaintDraftSchema,
          response: regionalResponses(FileRecordSchema),
        },
      },
      async (request, reply) => {
        const draft = request.body
        const named = [
          ...draft.evidenceFileIds,
          ...(draft.objection?.fileIds ?? []),
        ]
        if ((await deps.access.foreignAmong(request, named)).length > 0)
          throw new Refusal(400, MSG_FILES_MISSING)
        const form = await limited(() =>
          generateComplaintForm(
            deps.db,
            deps.storage,
            draft,
            deps.now?.() ?? new Date(),
          ),
        )
        await deps.access.recordUpload(request, reply, form.id)
        return regionalOk(form)
      },
    )
  }
}
