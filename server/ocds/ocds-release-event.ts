import {
  type AnnouncementFacts,
  readAnnouncementFacts,
} from './announcement-facts.ts'

export type OcdsProject = {
  id: number
  code: string
  name: string
  category: number
  subType: number
  tenderer: string
  agency: string
  // 万元.
  amount: number | string
  tradeMode: string
  fundSource: string
  openingTime: string | null
  withdrawnAt?: string | null
  withdrawalReason?: string | null
}

export type OcdsAnnouncement = {
  id: number
  projectId: number
  stage: string
  title: string
  content: string
  publishTime: string
  withdrawnAt?: string | null
  withdrawalReason?: string | null
  correctedAt?: string | null
  correctionNote?: string
}

export type OcdsFile = { id: string; name: string; mime: string }

export type ReleaseEvent =
  | {
      change: 'publication' | 'correction' | 'withdrawal'
      project: OcdsProject
      announcement: OcdsAnnouncement
      files: OcdsFile[]
    }
  | { change: 'projectWithdrawal'; project: OcdsProject }

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
  switch (event.change) {
    case 'publication':
      return event.announcement.publishTime
    case 'correction':
      return event.announcement.correctedAt!
    case 'withdrawal':
      return event.announcement.withdrawnAt!
    case 'projectWithdrawal':
      return event.project.withdrawnAt!
  }
}

export const publicationId = (a: OcdsAnnouncement) => `${a.stage}-${a.id}`

// Never reused for another change.
export function releaseIdOf(event: ReleaseEvent): string {
  if (event.change === 'projectWithdrawal')
    return `project-withdrawal-${compactTime(event.project.withdrawnAt!)}`
  if (event.change === 'publication') return publicationId(event.announcement)
  return `${publicationId(event.announcement)}-${event.change}-${compactTime(eventDate(event))}`
}

export function isShown(event: ReleaseEvent): boolean {
  if (event.project.withdrawnAt) return false
  return event.change === 'projectWithdrawal' || !event.announcement.withdrawnAt
}

export function factsOf(event: ReleaseEvent): AnnouncementFacts | null {
  if (event.change === 'projectWithdrawal' || event.change === 'withdrawal')
    return null
  return isShown(event)
    ? readAnnouncementFacts(event.announcement.content)
    : null
}
