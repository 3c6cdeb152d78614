import type { Kysely } from 'kysely'

import {
  COMPLAINT_DECISION_WORKDAYS,
  COMPLAINT_PROJECT_CATEGORY,
} from '#common/constants/statute.ts'
import { ComplaintFilingSchema } from '#common/schemas/complaint/complaint-filing.ts'
import { findStageAnnouncements } from '#server/projects/project-repository.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { renderOfficialDocument } from '#server/complaints/complaint-document-pdf.ts'
import { Refusal } from '#server/shared/refusal.ts'
import {
  countComplaints,
  findComplaintByNo,
} from '#server/complaints/complaint-repository.ts'
import { insertFeedback } from '#server/complaints/published/published-repository.ts'
import { performComplaintAction } from '#server/complaints/complaint-service.ts'
import { fileComplaint } from '#server/complaints/file-complaint.ts'
import { deliverDueSms } from '#server/complaints/sms-outbox.ts'
import {
  officialCalendar,
  type WorkingCalendar,
} from '#server/complaints/working-calendar.ts'
import type { FileStorage } from '#server/files/file-storage.ts'
import { saveFile } from '#server/files/save-file.ts'
import { createLogSmsSender } from '#server/shared/sms-sender.ts'
import type { Database } from '#server/db/schema.ts'
import {
  type ComplaintProject,
  DEMO_CASES,
  type DemoComplaint,
  GENERAL_FEEDBACK,
} from './demo-complaint-cases.ts'
import { PREFECTURES } from './places.ts'

const OPERATOR = '监督处 马文'
const DAY_MS = 86_400_000
/** Days from the announcement to the filing: 条例 §60 allows ten from when the party knew. */
const FILING_DAYS_AFTER = { min: 2, max: 10 }

export type SeedLog = { warn(fields: object, message: string): void }

const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`)
const dayIndex = (text: string) =>
  Date.parse(`${text.slice(0, 10)}T00:00:00Z`) / DAY_MS

function shiftDays(text: string, days: number): string {
  const day = new Date((dayIndex(text) + days) * DAY_MS).toISOString()
  return `${day.slice(0, 10)}${text.slice(10)}`
}

/**
 * Every time moved by whole weeks, so weekdays stay weekdays; an objection raised at the
 * opening is dated on the opening's day, `anchorDay`.
 */
function moveByWeeks(
  c: DemoComplaint,
  weeks: number,
  anchorDay: string,
): DemoComplaint {
  const move = (text: string) => shiftDays(text, weeks * 7)
  return {
    ...c,
    objection: c.objection === 'on-site' ? anchorDay : move(c.objection),
    submittedAt: move(c.submittedAt),
    steps: c.steps.map(([time, action, payload]) => [
      move(time),
      action,
      payload,
    ]),
    feedback: c.feedback && {
      ...c.feedback,
      createdAt: move(c.feedback.createdAt),
      repliedAt: move(c.feedback.repliedAt),
    },
  }
}

/**
 * Lower is better: an objection before the announcement it objects to is worst, then every
 * action on a holiday. Null when the calendar cannot count the complaint's deadlines.
 */
function placementPenalty(
  c: DemoComplaint,
  anchorDay: string,
  calendar: WorkingCalendar,
): number | null {
  const days = [c.submittedAt, ...c.steps.map(([time]) => time)].map((time) =>
    time.slice(0, 10),
  )
  try {
    const holidays = days.filter((day) => !calendar.isWorkday(day)).length
    // Deadlines counted from these steps end at most this far past the last one.
    calendar.addWorkdays(days.at(-1)!, COMPLAINT_DECISION_WORKDAYS)
    return (c.objection < anchorDay ? 100 : 0) + holidays
  } catch (error) {
    if (error instanceof Refusal) return null
    throw error
  }
}

/** The drafted complaint moved to be filed 2–10 days after the announcement at `anchorTime`. */
function placeAfter(
  c: DemoComplaint,
  anchorTime: string,
  calendar: WorkingCalendar,
): { complaint: DemoComplaint; penalty: number } | null {
  const anchorDay = anchorTime.slice(0, 10)
  const gap = dayIndex(anchorDay) - dayIndex(c.submittedAt)
  let best: { complaint: DemoComplaint; penalty: number } | null = null
  for (
    let weeks = Math.ceil((gap + FILING_DAYS_AFTER.min) / 7);
    weeks * 7 - gap <= FILING_DAYS_AFTER.max;
    weeks++
  ) {
    const complaint = moveByWeeks(c, weeks, anchorDay)
    const penalty = placementPenalty(complaint, anchorDay, calendar)
    if (penalty !== null && (!best || penalty < best.penalty))
      best = { complaint, penalty }
  }
  return best
}

const lastTime = (c: DemoComplaint) =>
  [c.submittedAt, ...c.steps.map(([time]) => time), c.feedback?.repliedAt ?? '']
    .sort()
    .at(-1)!

function complaintProject(row: {
  id: number
  name: string
  code: string
  tenderer: string
  agency: string
  location: string
}): ComplaintProject {
  return {
    id: String(row.id),
    name: row.name,
    code: row.code,
    tenderer: row.tenderer,
    agency: row.agency,
    prefecture:
      PREFECTURES.find((p) => row.location.startsWith(p.name))?.name ?? null,
  }
}

/**
 * Each demo case on a seeded project of its sub-type, a different one per case: the newest
 * whose announcement lies far enough back that the whole handling ends before `now`, and
 * among those the first where no action falls on a holiday.
 */
async function placeDemoCases(
  db: Kysely<Database>,
  now: Date,
  log: SeedLog,
): Promise<{ project: ComplaintProject; complaint: DemoComplaint }[]> {
  const calendar = officialCalendar()
  const nowText = toShanghaiText(now)
  const used = new Set<string>()
  const placed = []
  for (const [index, demo] of DEMO_CASES.entries()) {
    const rows = await findStageAnnouncements(db, {
      category: COMPLAINT_PROJECT_CATEGORY,
      subType: demo.subType,
      stage: demo.anchor,
    })
    let best: { project: ComplaintProject; complaint: DemoComplaint } | null =
      null
    let bestPenalty = Infinity
    for (const row of rows) {
      const project = complaintProject(row)
      if (used.has(project.id)) continue
      const placement = placeAfter(
        demo.draft(project),
        row.publishTime,
        calendar,
      )
      if (!placement || lastTime(placement.complaint) >= nowText) continue
      if (placement.penalty < bestPenalty) {
        best = { project, complaint: placement.complaint }
        bestPenalty = placement.penalty
      }
      if (bestPenalty === 0) break
    }
    if (!best) {
      log.warn(
        { case: index, subType: demo.subType, stage: demo.anchor },
        'demo complaint not seeded: no demo project has that stage early enough',
      )
      continue
    }
    used.add(best.project.id)
    placed.push(best)
  }
  return placed
}

async function storePdf(
  db: Kysely<Database>,
  storage: FileStorage,
  title: string,
  recipient: string,
  paragraphs: string[],
  date: string,
) {
  const bytes = await renderOfficialDocument({
    title,
    number: '',
    recipient,
    paragraphs,
    date,
  })
  return (
    await saveFile(
      db,
      storage,
      { name: `${title}.pdf`, mime: 'application/pdf', bytes },
      at(`${date} 09:00:00`),
    )
  ).id
}

const stderrLog: SeedLog = {
  warn: (fields, message) =>
    process.stderr.write(`${message} ${JSON.stringify(fields)}\n`),
}

/**
 * Demo complaints about the seeded projects, handled through the real lifecycle (every event,
 * deadline and notice as in production) and published before `now`; plus answered feedback
 * messages. Only on an empty table; returns how many complaints were seeded.
 */
export async function seedDemoComplaints(
  db: Kysely<Database>,
  storage: FileStorage,
  options: { now: Date; log?: SeedLog },
): Promise<number> {
  if ((await countComplaints(db)) > 0) return 0
  const placed = await placeDemoCases(db, options.now, options.log ?? stderrLog)
  const sms = createLogSmsSender({ info() {} })
  const feedback = []
  for (const { project, complaint: demo } of placed) {
    const day = demo.submittedAt.slice(0, 10)
    const formFileId = await storePdf(
      db,
      storage,
      '投诉书',
      '自治区水利厅',
      [demo.requests],
      day,
    )
    const evidence = await storePdf(
      db,
      storage,
      '证据材料',
      '自治区水利厅',
      ['证据清单及说明。'],
      day,
    )
    const objection = await storePdf(
      db,
      storage,
      '异议书及答复',
      demo.respondents[0]!.name,
      ['对评标、资格条件或开标过程的异议及招标人答复。'],
      day,
    )
    // Demo cases are applications like any other: validated as the submission route does.
    const { complaintNo } = await fileComplaint(
      db,
      { now: () => at(demo.submittedAt) },
      ComplaintFilingSchema.parse({
        project: { id: project.id, name: project.name, code: project.code },
        complainant: {
          type: 'legal_person',
          role: 'bidder',
          ...demo.complainant,
        },
        contact: demo.contact,
        respondents: demo.respondents,
        complaintType: demo.complaintType,
        objection: {
          objectionDate: demo.objection,
          replyStatus: 'replied',
          replyDate: demo.objection,
          fileIds: [objection],
        },
        factsHtml: demo.facts,
        requests: demo.requests,
        evidenceFileIds: [evidence],
        formFileId,
      }),
    )
    for (const [time, action, payload] of demo.steps) {
      await performComplaintAction(
        db,
        { storage, sms, now: () => at(time) },
        complaintNo,
        action,
        { kind: 'staff', name: OPERATOR },
        payload,
      )
    }
    const row = await findComplaintByNo(db, complaintNo)
    if (demo.feedback)
      feedback.push({ ...demo.feedback, complaintId: Number(row!.id) })
  }
  // The notices went to the outbox as in production; sent here, to nobody, so that a first
  // start does not text the demo's made-up numbers.
  let claimed: number
  do claimed = await deliverDueSms(db, { sms, now: () => options.now })
  while (claimed > 0)
  // The general question a few weeks back, on the weekday it was drafted for.
  const weeks = Math.floor(
    (dayIndex(toShanghaiText(options.now)) -
      14 -
      dayIndex(GENERAL_FEEDBACK.createdAt)) /
      7,
  )
  feedback.push({
    ...GENERAL_FEEDBACK,
    createdAt: shiftDays(GENERAL_FEEDBACK.createdAt, weeks * 7),
    repliedAt: shiftDays(GENERAL_FEEDBACK.repliedAt, weeks * 7),
    complaintId: null,
  })
  for (const message of feedback)
    await insertFeedback(db, { ...message, isPublic: 1 })
  return placed.length
}
