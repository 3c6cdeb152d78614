import type { Kysely } from 'kysely'

import {
  STAGES_WITH_FACTS,
  type StageFacts,
} from '#common/schemas/content/stage-facts.ts'
import type { Database } from '#server/db/schema.ts'

import {
  tenderRecord,
  type TenderProject,
  type TenderRecord,
} from './tender-record.ts'

// The published tenders with their stages' facts, read for the warnings. A withdrawn project or
// announcement is no longer public and raises nothing.

function parsedFacts(text: string | null | undefined): StageFacts | null {
  if (!text) return null
  try {
    // Written from StageFactsSchema's output by the publication (announcement-kind.ts).
    return JSON.parse(text) as StageFacts
  } catch {
    return null
  }
}

type FactsRow = {
  projectId: number
  stage: string
  facts: string | null | undefined
}

function recordsOf(
  projects: TenderProject[],
  factRows: FactsRow[],
): TenderRecord[] {
  const byProject = new Map<number, StageFacts[]>()
  for (const row of factRows) {
    const facts = parsedFacts(row.facts)
    // Another stage's facts on an announcement (never written so) count nowhere.
    if (!facts || facts.stage !== row.stage) continue
    const list = byProject.get(row.projectId) ?? []
    list.push(facts)
    byProject.set(row.projectId, list)
  }
  return projects.map((project) =>
    tenderRecord(project, byProject.get(project.projectId) ?? []),
  )
}

const projectColumns = [
  'id as projectId',
  'code',
  'name',
  'category',
  'tenderer',
  'amount',
] as const

function factsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('projectAnnouncement')
    .select(['projectId', 'stage', 'facts'])
    .where('stage', 'in', [...STAGES_WITH_FACTS])
    .where('facts', 'is not', null)
    .where('withdrawnAt', 'is', null)
}

export async function findTenderRecord(
  db: Kysely<Database>,
  projectId: number,
): Promise<TenderRecord | null> {
  const project = await db
    .selectFrom('project')
    .select(projectColumns)
    .where('id', '=', projectId)
    .where('withdrawnAt', 'is', null)
    .executeTakeFirst()
  if (!project) return null
  const facts = await factsQuery(db)
    .where('projectId', '=', projectId)
    .execute()
  return recordsOf([project], facts)[0]!
}

/** Every published tender with any facts. */
export async function findAllTenderRecords(
  db: Kysely<Database>,
): Promise<TenderRecord[]> {
  const facts = await factsQuery(db).execute()
  const ids = new Set(facts.map((row) => row.projectId))
  const projects = (
    await db
      .selectFrom('project')
      .select(projectColumns)
      .where('withdrawnAt', 'is', null)
      .execute()
  ).filter((project) => ids.has(project.projectId))
  return recordsOf(projects, facts)
}
