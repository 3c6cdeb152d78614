import type { Kysely } from 'kysely'

import type {
  ImportAnswer,
  ImportedPart,
  ImportedRelease,
} from '#common/schemas/ocds-import.ts'
import { isUniqueViolation } from '#server/db/database-engine.ts'
import type { Database } from '#server/db/schema.ts'
import { findProjectFacts } from '#server/projects/project-content-repository.ts'
import { findAnnouncement } from '#server/projects/project-write-repository.ts'
import type { ContentChange } from '#server/shared/content-changes.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'

import * as repo from './import-repository.ts'
import { mergePart, releaseHash } from './part-merge.ts'
import { writePendingParts, type WriteContext } from './part-writing.ts'
import {
  type PackageProblem,
  releasePackageProblems,
} from './release-package-validation.ts'
import {
  type ImportPart,
  mapRelease,
  type PartData,
  PART_LABELS,
  projectCodeOf,
} from './release-mapping.ts'
import type { Release } from './release-values.ts'

/** A refused package: nothing of it was taken. */
export class PackageRefusal extends Refusal {
  readonly problems: PackageProblem[]
  constructor(status: 400 | 409, message: string, problems: PackageProblem[]) {
    super(status, message)
    this.problems = problems
  }
}

export type Pusher = {
  accountId: number
  tokenId: number | null
  isTrusted: boolean
}
type Place = Parameters<WriteContext['content']['create']>[1]

const keyOf = (release: { ocid: string; id: string }) =>
  `${release.ocid}\u0000${release.id}`

// Each release's ocid must name a project number; ids must fit what is stored.
function checkIdentifiers(releases: Release[]) {
  const problems: PackageProblem[] = []
  releases.forEach((release, i) => {
    if (!projectCodeOf(release.ocid))
      problems.push({
        pointer: `/releases/${i}/ocid`,
        message:
          'ocid须为注册前缀（ocds-加6位小写字母或数字）、连字符和项目编号（不超过40个字符、不含空白），如 ocds-xjggzy-XJSL-GC-2026-0815',
      })
    if (release.id.length > 200)
      problems.push({
        pointer: `/releases/${i}/id`,
        message: '发布编号不能超过200个字符',
      })
  })
  if (problems.length > 0)
    throw new PackageRefusal(
      400,
      `发布包有${problems.length}处问题，未接收`,
      problems.slice(0, 20),
    )
}

type Stored = Awaited<ReturnType<typeof repo.findImportedReleases>>[number]
type Sorted = {
  fresh: { release: Release; index: number; hash: string }[]
  repeats: Map<string, Stored>
}

// A release taken before comes back as it was answered; one that differs under the same id is
// refused, and with it the whole package.
async function sortReleases(
  db: Kysely<Database>,
  releases: Release[],
): Promise<Sorted> {
  const hashes = releases.map((release) => releaseHash(release))
  const stored = new Map(
    (
      await repo.findImportedReleases(
        db,
        releases.map((release) => ({
          ocid: release.ocid,
          releaseId: release.id,
        })),
      )
    ).map((row) => [keyOf({ ocid: row.ocid, id: row.releaseId }), row]),
  )
  const problems: PackageProblem[] = []
  const seen = new Map<string, string>()
  const sorted: Sorted = { fresh: [], repeats: new Map() }
  releases.forEach((release, index) => {
    const key = keyOf(release)
    const hash = hashes[index]!
    const before = stored.get(key)?.hash ?? seen.get(key)
    if (before !== undefined && before !== hash) {
      problems.push({
        pointer: `/releases/${index}/id`,
        message: `发布“${release.id}”（ocid ${release.ocid}）已接收过内容不同的同一发布编号：发布一经发出不应修改，更正请以新的发布编号发送`,
      })
      return
    }
    if (before !== undefined) {
      if (stored.has(key)) sorted.repeats.set(key, stored.get(key)!)
      return
    }
    seen.set(key, hash)
    sorted.fresh.push({ release, index, hash })
  })
  if (problems.length > 0)
    throw new PackageRefusal(
      409,
      '发布包中有与已接收发布编号相同而内容不同的发布，整个发布包未接收',
      problems.slice(0, 20),
    )
  return sorted
}

type Draft = Omit<ImportedRelease, 'parts'>

async function takeReleases(
  db: Kysely<Database>,
  pusher: Pusher,
  fresh: Sorted['fresh'],
  at: string,
): Promise<Draft[]> {
  return db.transaction().execute(async (trx) => {
    const drafts: Draft[] = []
    for (const { release, hash } of fresh) {
      const projectCode = projectCodeOf(release.ocid)!
      const dateUtc = new Date(release.date).toISOString()
      const latest = await repo.latestTakenDate(trx, release.ocid)
      const outcome =
        latest !== null && dateUtc < latest ? 'outOfOrder' : 'taken'
      await repo.insertImportedRelease(trx, {
        ocid: release.ocid,
        releaseId: release.id,
        releaseDate: release.date,
        dateUtc,
        hash,
        outcome,
        body: JSON.stringify(release),
        accountId: pusher.accountId,
        tokenId: pusher.tokenId,
        receivedAt: at,
      })
      const mapped = mapRelease(release)
      const draft: Draft = {
        ocid: release.ocid,
        id: release.id,
        date: release.date,
        outcome,
        projectCode,
        taken: [],
        notTaken: mapped.notTaken,
      }
      const stored = new Map(
        (await repo.findParts(trx, release.ocid)).map((row) => [row.part, row]),
      )
      for (const [part, data] of Object.entries(mapped.parts) as [
        ImportPart,
        PartData,
      ][]) {
        const row = stored.get(part)
        const merged = mergePart(
          row && {
            data: JSON.parse(row.data) as PartData,
            dateUtc: row.dateUtc,
          },
          data,
          dateUtc,
        )
        if (merged.taken.length > 0)
          draft.taken.push({
            part,
            label: PART_LABELS[part],
            fields: merged.taken,
          })
        if (merged.kept.length > 0)
          draft.notTaken.push({
            part,
            reason: `已有日期更晚的发布给出，未覆盖：${merged.kept.join('、')}`,
          })
        if (!merged.isChanged) continue
        await repo.savePart(
          trx,
          {
            ocid: release.ocid,
            part,
            projectCode,
            data: JSON.stringify(merged.data),
            dateUtc: merged.dateUtc,
            releaseId: merged.dateUtc === dateUtc ? release.id : row!.releaseId,
            status: 'pending',
            note: '',
            accountId: pusher.accountId,
            isTrusted: pusher.isTrusted ? 1 : 0,
            updatedAt: at,
          },
          row === undefined,
        )
      }
      drafts.push(draft)
    }
    return drafts
  })
}

export async function partsOf(
  db: Kysely<Database>,
  ocid: string,
): Promise<ImportedPart[]> {
  return (await repo.findParts(db, ocid)).map((row) => ({
    part: row.part,
    label: PART_LABELS[row.part as ImportPart] ?? row.part,
    status: row.status as ImportedPart['status'],
    itemId: row.itemId,
    note: row.note,
  }))
}

export type ImportService = ReturnType<typeof createReleaseImport>

// One writing at a time in a process: a push and the writing its project's publication starts
// would otherwise race for the same items (the workflow would refuse the second, harmlessly).
function serialQueue() {
  let tail: Promise<unknown> = Promise.resolve()
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task)
    tail = run.catch(() => {})
    return run
  }
}

export function createReleaseImport(context: WriteContext) {
  const { db, now } = context
  const serially = serialQueue()

  async function importPackage(pusher: Pusher, place: Place, body: unknown) {
    const problems = releasePackageProblems(body)
    if (problems.length > 0)
      throw new PackageRefusal(
        400,
        '发布包不符合OCDS 1.1.5发布包模式（含投标扩展），未接收；问题及其位置见 problems（至多20处）',
        problems,
      )
    const releases = (body as { releases: Release[] }).releases
    checkIdentifiers(releases)
    return serially(async () => {
      let sorted = await sortReleases(db, releases)
      let drafts: Draft[]
      try {
        drafts = await takeReleases(
          db,
          pusher,
          sorted.fresh,
          toShanghaiText(now()),
        )
      } catch (error) {
        // The same release pushed by another process at the same moment: now a repeat.
        if (!isUniqueViolation(error)) throw error
        sorted = await sortReleases(db, releases)
        drafts = await takeReleases(
          db,
          pusher,
          sorted.fresh,
          toShanghaiText(now()),
        )
      }
      const ocids = [...new Set(drafts.map((draft) => draft.ocid))]
      const parts = new Map<string, ImportedPart[]>()
      for (const ocid of ocids) {
        await writePendingParts(context, place, ocid)
        parts.set(ocid, await partsOf(db, ocid))
      }
      const answers = new Map<string, ImportedRelease>()
      for (const draft of drafts) {
        const answer = { ...draft, parts: parts.get(draft.ocid)! }
        answers.set(keyOf(draft), answer)
        await repo.setReleaseAnswer(
          db,
          { ocid: draft.ocid, releaseId: draft.id },
          JSON.stringify(answer),
        )
      }
      const answer: ImportAnswer = { releases: [] }
      for (const release of releases) {
        const key = keyOf(release)
        const stored = sorted.repeats.get(key)
        answer.releases.push(
          answers.get(key) ??
            (stored?.answer
              ? (JSON.parse(stored.answer) as ImportedRelease)
              : // Taken by a request that has not answered yet.
                {
                  ocid: release.ocid,
                  id: release.id,
                  date: release.date,
                  outcome:
                    stored?.outcome === 'outOfOrder' ? 'outOfOrder' : 'taken',
                  projectCode: projectCodeOf(release.ocid)!,
                  taken: [],
                  notTaken: [],
                  parts: await partsOf(db, release.ocid),
                }),
        )
      }
      return {
        answer,
        taken: drafts.map((draft) => ({
          ocid: draft.ocid,
          id: draft.id,
          outcome: draft.outcome,
        })),
        repeated: releases
          .filter((release) => sorted.repeats.has(keyOf(release)))
          .map((release) => ({ ocid: release.ocid, id: release.id })),
      }
    })
  }

  // The stages of a process wait for its project's publication; a publication of a project or
  // of one of its announcements (a revision that was in review) writes what waited for it.
  async function followPublication(change: ContentChange, place: Place) {
    if (change.action !== 'publish' || change.publicId === null) return
    let projectId: number | undefined
    if (change.kind === 'project') projectId = change.publicId
    else if (change.kind === 'announcement')
      projectId = (await findAnnouncement(db, change.publicId))?.projectId
    if (projectId === undefined) return
    const project = await findProjectFacts(db, projectId)
    if (!project) return
    const ocids = await repo.findPendingOcids(db, project.code)
    if (ocids.length === 0) return
    await serially(async () => {
      for (const ocid of ocids) await writePendingParts(context, place, ocid)
    })
  }

  return { importPackage, followPublication }
}
