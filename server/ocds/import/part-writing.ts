import type { Kysely } from 'kysely'

import { ROLE_REVIEWER } from '#common/constants/content.ts'
import { ROLE_PLATFORM_PUSH } from '#common/constants/staff.ts'
import {
  AnnouncementFieldsSchema,
  ProjectFieldsSchema,
} from '#common/schemas/content/project-fields.ts'
import {
  StageFactsSchema,
  type StageWithFacts,
} from '#common/schemas/content/stage-facts.ts'
import type {
  ContentFields,
  ContentItemDetail,
} from '#common/schemas/content/workflow.ts'
import * as contentRepo from '#server/content/content-repository.ts'
import type { ContentWorkflow } from '#server/content/content-workflow.ts'
import type { ContentRevisionRow, Database } from '#server/db/schema.ts'
import { findProjectFacts } from '#server/projects/project-content-repository.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { findAccountById } from '#server/staff/staff-repository.ts'

import { announcementContent, announcementTitle } from './announcement-text.ts'
import {
  findParts,
  type ImportPartRow,
  settlePart,
} from './import-repository.ts'
import { canonicalJson } from './part-merge.ts'
import type { DocumentLink, PartData } from './release-mapping.ts'

// Writes what the releases say of a process into the content workflow: the project first, then
// each stage once its project is published (an announcement names a published project). Every
// change is a revision of the workflow, submitted for review (先审后发); a trusted token's is
// approved at once by the built-in reviewer that approves bulk imports (content-import.ts).

export type WriteContext = {
  db: Kysely<Database>
  content: ContentWorkflow
  now: () => Date
}

export type PartStatus = 'incomplete' | 'pending' | 'applied' | 'held'
type Outcome = { status: PartStatus; note: string; itemId: number | null }

type Actor = Parameters<ContentWorkflow['create']>[0]
type Place = Parameters<ContentWorkflow['create']>[1]

// Who only fills a project's fields when the releases say nothing of them.
const PROJECT_DEFAULTS = {
  agency: '',
  fundSource: '',
  registrationDeadline: null,
  openingTime: null,
}

const SUBMITTED = '已提交审核'
const PUBLISHED = '已发布'

const issuesText = (issues: { message: string }[]) =>
  [...new Set(issues.map((issue) => issue.message))].join('；')

async function authorOf(
  db: Kysely<Database>,
  accountId: number,
): Promise<Actor> {
  const account = await findAccountById(db, accountId)
  if (!account) throw new Refusal(404, '推送数据的账号不存在')
  return {
    accountId,
    accountName: account.accountName,
    displayName: account.displayName,
    roles: [ROLE_PLATFORM_PUSH],
  }
}

// The built-in reviewer of the content that did not come through the console (migration 0013).
async function reviewerOf(db: Kysely<Database>): Promise<Actor> {
  const accountName = 'system:content-reviewer'
  const accountId = await contentRepo.findSystemAccountId(db, accountName)
  const account = await findAccountById(db, accountId)
  return {
    accountId,
    accountName,
    displayName: account?.displayName ?? accountName,
    roles: [ROLE_REVIEWER],
  }
}

const baseOf = (detail: ContentItemDetail) => ({
  revisionNo: detail.working.revisionNo,
  version: detail.working.version,
})

function storedFields(
  row: ContentRevisionRow,
  kind: 'project' | 'announcement',
) {
  const schema =
    kind === 'project' ? ProjectFieldsSchema : AnnouncementFieldsSchema
  const parsed = schema.safeParse(JSON.parse(row.fields))
  return parsed.success ? canonicalJson(parsed.data) : null
}

async function write(
  context: WriteContext,
  place: Place,
  row: ImportPartRow,
  input: ContentFields & { kind: 'project' | 'announcement' },
  itemId: number | null,
): Promise<Outcome> {
  const { db, content } = context
  const author = await authorOf(db, row.accountId)
  const approve = async (detail: ContentItemDetail): Promise<Outcome> => {
    if (!row.isTrusted)
      return { status: 'applied', note: SUBMITTED, itemId: detail.id }
    await content.approve(await reviewerOf(db), place, detail.id, {
      base: baseOf(detail),
    })
    return { status: 'applied', note: PUBLISHED, itemId: detail.id }
  }
  const finish = async (detail: ContentItemDetail) =>
    approve(await content.submit(author, place, detail.id, baseOf(detail)))
  if (itemId === null) return finish(await content.create(author, place, input))

  const item = (await contentRepo.findItem(db, itemId))!
  const latest = (await contentRepo.findRevision(
    db,
    itemId,
    item.latestRevisionNo,
  ))!
  const number = `内容编号 ${itemId}`
  if (item.itemState === 'withdrawn')
    return {
      status: 'held',
      note: `该内容（${number}）已被撤回，推送的数据不自动重新发布；如需恢复，请内容编辑处理`,
      itemId,
    }
  const isSame =
    storedFields(latest, input.kind) === canonicalJson(input.fields)
  const isOurs = latest.editorIds === `,${author.accountId},`
  const state = latest.state
  // Submitted by an earlier writing whose approval did not go through (a trusted token's).
  if (state === 'submitted' && isSame && isOurs)
    return approve(await content.detail(author, itemId))
  if (state === 'submitted' || state === 'scheduled')
    return isSame
      ? { status: 'applied', note: SUBMITTED, itemId }
      : {
          status: 'pending',
          note: `该内容（${number}）有待审核的修订，审核后写入推送的数据`,
          itemId,
        }
  const base = { revisionNo: latest.revisionNo, version: latest.version }
  if (state === 'draft' || state === 'returned') {
    if (!isOurs)
      return {
        status: 'pending',
        note: `编辑人员正在修改该内容（${number}）的草稿，其修订审核后写入推送的数据`,
        itemId,
      }
    if (isSame) return finish(await content.detail(author, itemId))
  } else if (isSame && state === 'published')
    return { status: 'applied', note: PUBLISHED, itemId }
  // A published announcement changed by the platform is a correction (更正公告).
  const isCorrection =
    input.kind === 'announcement' && item.firstPublishedAt !== null
  const saved = await content.saveDraft(author, place, itemId, {
    ...input,
    base,
    isCorrection,
    correctionNote: isCorrection ? '依交易平台推送的数据更正' : '',
  })
  return finish(saved)
}

async function writeProject(
  context: WriteContext,
  place: Place,
  row: ImportPartRow,
): Promise<Outcome> {
  const { db } = context
  const itemId = await contentRepo.findClaimHolder(
    db,
    'project',
    row.projectCode,
    null,
  )
  let existing = {}
  if (itemId !== null) {
    const item = (await contentRepo.findItem(db, itemId))!
    const latest = await contentRepo.findRevision(
      db,
      itemId,
      item.latestRevisionNo,
    )
    existing = latest ? (JSON.parse(latest.fields) as object) : {}
  }
  const parsed = ProjectFieldsSchema.safeParse({
    ...PROJECT_DEFAULTS,
    ...existing,
    ...(JSON.parse(row.data) as PartData),
    code: row.projectCode,
  })
  if (!parsed.success)
    return {
      status: 'incomplete',
      note: `项目信息不全，未写入：${issuesText(parsed.error.issues)}`,
      itemId,
    }
  return write(
    context,
    place,
    row,
    { kind: 'project', fields: parsed.data },
    itemId,
  )
}

async function writeStage(
  context: WriteContext,
  place: Place,
  row: ImportPartRow,
): Promise<Outcome> {
  const { db } = context
  const stage = row.part as StageWithFacts
  const { documents = [], ...given } = JSON.parse(row.data) as PartData & {
    documents?: DocumentLink[]
  }
  const facts = StageFactsSchema.safeParse({ ...given, stage })
  if (!facts.success)
    return {
      status: 'incomplete',
      note: `要素不全或有误，未写入：${issuesText(facts.error.issues)}`,
      itemId: null,
    }
  const projectItemId = await contentRepo.findClaimHolder(
    db,
    'project',
    row.projectCode,
    null,
  )
  const projectItem =
    projectItemId === null
      ? undefined
      : await contentRepo.findItem(db, projectItemId)
  const project =
    projectItem?.publicId == null
      ? undefined
      : await findProjectFacts(db, projectItem.publicId)
  if (projectItem?.itemState === 'withdrawn')
    return {
      status: 'held',
      note: '所属项目已被撤回，阶段公告不写入',
      itemId: null,
    }
  if (!project || projectItem?.itemState !== 'published')
    return {
      status: 'pending',
      note: projectItem
        ? '等待项目信息审核发布后写入'
        : '所属项目尚未建立：项目信息写入并经审核发布后写入',
      itemId: null,
    }
  const fields = AnnouncementFieldsSchema.parse({
    projectId: project.id,
    stage,
    title: announcementTitle(project.name, stage),
    content: announcementContent(row.ocid, stage, documents),
    attachments: [],
    facts: facts.data,
  })
  const itemId = await contentRepo.findClaimHolder(
    db,
    'announcement',
    `${project.id}:${stage}`,
    null,
  )
  return write(context, place, row, { kind: 'announcement', fields }, itemId)
}

/**
 * Writes the process's pending parts; answers nothing, each part's row records how it went.
 * A refusal of the workflow (another's change at the same moment, a rule of a kind) leaves the
 * part held with the refusal's text, for staff to see in the answer.
 */
export async function writePendingParts(
  context: WriteContext,
  place: Place,
  ocid: string,
): Promise<void> {
  for (const row of await findParts(context.db, ocid)) {
    if (row.status !== 'pending') continue
    let outcome: Outcome
    try {
      outcome =
        row.part === 'project'
          ? await writeProject(context, place, row)
          : await writeStage(context, place, row)
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      outcome = {
        status: error.status === 409 ? 'pending' : 'held',
        note: error.message,
        itemId: row.itemId,
      }
    }
    await settlePart(context.db, row, {
      ...outcome,
      itemId: outcome.itemId ?? row.itemId,
      updatedAt: toShanghaiText(context.now()),
    })
  }
}
