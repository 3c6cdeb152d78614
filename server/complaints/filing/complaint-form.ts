import { createHash } from 'node:crypto'

import type { Kysely } from 'kysely'

import type { ComplaintDraft } from '#common/schemas/complaint/complaint-filing.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'
import type { SealHolder } from '#common/schemas/signing.ts'
import { sanitizeComplaintFacts } from '#server/complaints/complaint-facts.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import type { Database } from '#server/db/schema.ts'
import { toFileRecord } from '#server/files/file-record.ts'
import type { FileStorage } from '#server/files/file-storage.ts'
import { saveFile } from '#server/files/save-file.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { workerTask } from '#server/shared/worker-pool.ts'
import type { LetterRequest } from './complaint-letter-worker.ts'
import {
  findComplaintForm,
  findFileNames,
  findTenderProject,
  insertComplaintForm,
} from './complaint-form-repository.ts'

export const MSG_FILES_MISSING = '部分附件不存在或已失效，请重新上传'
export const MSG_PROJECT_UNKNOWN = '所选项目不存在，请重新选择'

const renderLetter = workerTask<LetterRequest, Uint8Array>(
  import.meta.url,
  './complaint-letter-worker',
  { busyMessage: '系统繁忙，投诉书暂时无法生成，请稍后重试', budgetMs: 30_000 },
)

export function draftSha256(draft: ComplaintDraft): string {
  return createHash('sha256').update(JSON.stringify(draft)).digest('hex')
}

export async function generateComplaintForm(
  db: Kysely<Database>,
  storage: FileStorage,
  draft: ComplaintDraft,
  now: Date = new Date(),
): Promise<FileRecord> {
  const factsHtml = await sanitizeComplaintFacts(draft.factsHtml)
  const evidenceIds = draft.evidenceFileIds
  const objectionIds = draft.objection?.fileIds ?? []
  // Two independent lookups, asked together (on PostgreSQL they overlap).
  const [project, names] = await Promise.all([
    findTenderProject(db, draft.project.id),
    findFileNames(db, [...evidenceIds, ...objectionIds]),
  ])
  // The project must be one of the list (tender/project/page), as it was listed.
  if (
    !project ||
    project.code !== draft.project.code ||
    project.name !== draft.project.name
  )
    throw new Refusal(400, MSG_PROJECT_UNKNOWN)
  const namesOf = (ids: string[]) => ids.map((id) => names.get(id))
  const evidence = namesOf(evidenceIds)
  const objection = namesOf(objectionIds)
  if ([...evidence, ...objection].some((name) => name === undefined))
    throw new Refusal(400, MSG_FILES_MISSING)
  const stamp = toShanghaiText(now)
  const pdf = await renderLetter({
    draft,
    files: { evidence: evidence as string[], objection: objection as string[] },
    today: stamp.slice(0, 10),
    factsHtml,
  })
  const saved = await saveFile(
    db,
    storage,
    { name: '投诉书.pdf', mime: 'application/pdf', bytes: pdf },
    now,
  )
  await insertComplaintForm(db, {
    fileId: saved.id,
    draftSha256: draftSha256(draft),
    ...letterHolderOf(draft),
    createdAt: stamp,
  })
  return toFileRecord(saved)
}

function letterHolderOf(draft: ComplaintDraft) {
  return {
    complainantName: draft.complainant.name,
    complainantKind:
      draft.complainant.type === 'natural_person' ? 'person' : 'organisation',
    complainantIdNumber: draft.complainant.idNumber,
  }
}

// spec §1: the complainant as stored when the letter was generated, never what a client says.
export async function findLetterHolder(
  db: Kysely<Database>,
  fileId: string,
): Promise<SealHolder | undefined> {
  const form = await findComplaintForm(db, fileId)
  return form && toLetterHolder(form)
}

export function toLetterHolder(form: {
  complainantName: string
  complainantKind: string
  complainantIdNumber: string
}): SealHolder {
  return {
    name: form.complainantName,
    // Letters generated before the kind was kept were all sealed as organisations would be.
    kind: form.complainantKind === 'person' ? 'person' : 'organisation',
    idNumber: form.complainantIdNumber,
  }
}
