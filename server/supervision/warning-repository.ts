import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'

import type { Warning } from './warning-engine.ts'

// One row per project and indicator code. What staff did with a warning stays while its inputs
// stay the same; new inputs raise it again (reopened), and a warning that no longer fires is
// cleared, its row kept for the figures and the trail. Each of the engine's steps goes into the
// warning's trail.

/** The engine's name in a warning's trail. */
export const ENGINE_NAME = '预警引擎'

type StoredWarning = {
  id: number
  projectId: number
  code: string
  fingerprint: string
  state: string
}

const BATCH = 200

function storedRows(db: Kysely<Database>) {
  return db
    .selectFrom('supervisionWarning')
    .select(['id', 'projectId', 'code', 'fingerprint', 'state'])
}

/** Brings the rows of the given projects in line with the warnings they raise now. */
async function sync(
  db: Kysely<Database>,
  stored: readonly StoredWarning[],
  raised: ReadonlyMap<number, readonly Warning[]>,
  at: string,
): Promise<void> {
  const byKey = new Map(
    stored.map((row) => [`${row.projectId}:${row.code}`, row]),
  )
  const inserts: { projectId: number; warning: Warning }[] = []
  const steps: {
    warningId: number
    action: 'raised' | 'reopened' | 'cleared'
  }[] = []
  const firing = new Set<string>()
  for (const [projectId, warnings] of raised)
    for (const warning of warnings) {
      const key = `${projectId}:${warning.code}`
      firing.add(key)
      const row = byKey.get(key)
      if (!row) inserts.push({ projectId, warning })
      else if (
        row.fingerprint !== warning.fingerprint ||
        row.state === 'cleared'
      ) {
        await db
          .updateTable('supervisionWarning')
          .set({
            ...columnsOf(warning),
            state: 'raised',
            dispositionNote: null,
            raisedAt: at,
            updatedAt: at,
            clearedAt: null,
          })
          .where('id', '=', row.id)
          .execute()
        steps.push({ warningId: row.id, action: 'reopened' })
      }
    }
  for (let i = 0; i < inserts.length; i += BATCH) {
    const ids = await db
      .insertInto('supervisionWarning')
      .values(
        inserts.slice(i, i + BATCH).map(({ projectId, warning }) => ({
          projectId,
          code: warning.code,
          ...columnsOf(warning),
          state: 'raised' as const,
          assigneeId: null,
          dispositionNote: null,
          linkageItemId: null,
          raisedAt: at,
          updatedAt: at,
          clearedAt: null,
        })),
      )
      .returning('id')
      .execute()
    for (const { id } of ids) steps.push({ warningId: id, action: 'raised' })
  }
  const gone = stored
    .filter(
      (row) =>
        raised.has(row.projectId) &&
        !firing.has(`${row.projectId}:${row.code}`) &&
        row.state !== 'cleared',
    )
    .map((row) => row.id)
  for (let i = 0; i < gone.length; i += BATCH) {
    const ids = gone.slice(i, i + BATCH)
    await db
      .updateTable('supervisionWarning')
      .set({ state: 'cleared', clearedAt: at, updatedAt: at })
      .where('id', 'in', ids)
      .execute()
    for (const id of ids) steps.push({ warningId: id, action: 'cleared' })
  }
  for (let i = 0; i < steps.length; i += BATCH)
    await db
      .insertInto('supervisionWarningStep')
      .values(
        steps.slice(i, i + BATCH).map((step) => ({
          ...step,
          at,
          actorId: null,
          actorName: ENGINE_NAME,
        })),
      )
      .execute()
}

const columnsOf = (warning: Warning) => ({
  inputs: JSON.stringify(warning.inputs),
  explanation: warning.explanation,
  fingerprint: warning.fingerprint,
})

/** One project's rows, after a change of what it publishes. */
export async function syncProjectWarnings(
  db: Kysely<Database>,
  projectId: number,
  warnings: readonly Warning[],
  at: string,
): Promise<void> {
  const stored = await storedRows(db)
    .where('projectId', '=', projectId)
    .execute()
  await sync(db, stored, new Map([[projectId, warnings]]), at)
}

/**
 * Every project's rows at once (the rebuild): the projects given, and those with rows but no
 * longer given (withdrawn), whose warnings are cleared.
 */
export async function syncAllWarnings(
  db: Kysely<Database>,
  raised: ReadonlyMap<number, readonly Warning[]>,
  at: string,
): Promise<void> {
  const stored = await storedRows(db).execute()
  const all = new Map(raised)
  for (const row of stored)
    if (!all.has(row.projectId)) all.set(row.projectId, [])
  await sync(db, stored, all, at)
}
