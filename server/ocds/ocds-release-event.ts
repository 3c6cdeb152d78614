import type { StageFacts } from '#common/schemas/content/stage-facts.ts'
import type {
  ReleaseAnnouncement,
  ReleaseFile,
  ReleaseProject,
} from '#server/projects/project-release-repository.ts'

import {
  type AnnouncementFacts,
  namedInFacts,
  readAnnouncementFacts,
  readStageFacts,
} from './announcement-facts.ts'

// The rows as the release log keeps them.
export type OcdsProject = ReleaseProject
export type OcdsAnnouncement = ReleaseAnnouncement
export type OcdsFile = ReleaseFile

// A change as the log keeps it: `date` and `ordinal` as logged (without them, the date its rows
// show, as unit tests make events), `isTakenBack` when the portal has taken its announcement or
// project back since.
export type ReleaseEvent = (
  | {
      change: 'publication' | 'correction' | 'withdrawal' | 'update'
      project: OcdsProject
      announcement: OcdsAnnouncement
      files: OcdsFile[]
    }
  | { change: 'projectWithdrawal'; project: OcdsProject }
) & { date?: string; ordinal?: number; isTakenBack?: boolean }

export type ReleaseSettings = {
  ocidPrefix: string
  baseUrl: string
}

// Validated against the official schema in the tests.
export type Release = {
  ocid: string
  id: string
  date: string
  tag: string[]
} & Record<string, unknown>

// RFC 3339, +08:00.
export const ocdsDate = (text: string) => `${text.replace(' ', 'T')}+08:00`

// '2026-11-24 10:15:00' → '20261124T101500'.
const compactTime = (text: string) =>
  text.replace(/[-:]/g, '').replace(' ', 'T')

export function eventDate(event: ReleaseEvent): string {
  if (event.date) return event.date
  switch (event.change) {
    case 'publication':
      return event.announcement.publishTime
    case 'correction':
      return event.announcement.correctedAt!
    case 'withdrawal':
      return event.announcement.withdrawnAt!
    case 'update':
      throw new Error('a republication is dated by the log')
    case 'projectWithdrawal':
      return event.project.withdrawnAt!
  }
}

export const publicationId = (a: OcdsAnnouncement) => `${a.stage}-${a.id}`

// Never reused for another change: a second change of one kind in the same second is `-2`.
export function releaseIdOf(event: ReleaseEvent): string {
  const again = event.ordinal && event.ordinal > 1 ? `-${event.ordinal}` : ''
  if (event.change === 'projectWithdrawal')
    return `project-withdrawal-${compactTime(eventDate(event))}${again}`
  if (event.change === 'publication') return publicationId(event.announcement)
  return `${publicationId(event.announcement)}-${event.change}-${compactTime(eventDate(event))}${again}`
}

export function isShown(event: ReleaseEvent): boolean {
  if (event.isTakenBack || event.project.withdrawnAt) return false
  return event.change === 'projectWithdrawal' || !event.announcement.withdrawnAt
}

// Who the announcement names, and its stage's facts as data where it has them (null otherwise).
export type ReleaseFacts = AnnouncementFacts & { stage: StageFacts | null }

export function factsOf(event: ReleaseEvent): ReleaseFacts | null {
  if (event.change === 'projectWithdrawal' || event.change === 'withdrawal')
    return null
  if (!isShown(event)) return null
  const { content, facts, stage } = event.announcement
  const tables = readAnnouncementFacts(content)
  const data = readStageFacts(facts, stage)
  return data
    ? { ...namedInFacts(data, tables), stage: data }
    : { ...tables, stage: null }
}
