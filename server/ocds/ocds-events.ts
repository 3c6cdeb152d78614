import {
  RELEASE_CHANGES,
  type ReleaseAnnouncementRow,
  type ReleaseEventKey,
  type ReleaseFileRow,
  type ReleaseProjectRow,
} from '#server/projects/project-release-repository.ts'

import { eventDate, type ReleaseEvent } from './ocds-release-event.ts'

type Subjects = {
  projects: ReleaseProjectRow[]
  announcements: ReleaseAnnouncementRow[]
  files: ReleaseFileRow[]
}

const filesOf = (files: ReleaseFileRow[], announcementId: number) =>
  files.filter((file) => file.announcementId === announcementId)

// A key whose row no longer shows that change is left out: the page then holds the release of
// what is stored now, never a made-up one.
export function eventsOfKeys(
  keys: ReleaseEventKey[],
  { projects, announcements, files }: Subjects,
): ReleaseEvent[] {
  const project = new Map(projects.map((p) => [p.id, p]))
  const announcement = new Map(announcements.map((a) => [a.id, a]))
  return keys.flatMap((key): ReleaseEvent[] => {
    if (key.kind === RELEASE_CHANGES.projectWithdrawal) {
      const p = project.get(key.refId)
      return p?.withdrawnAt === key.date
        ? [{ change: 'projectWithdrawal', project: p }]
        : []
    }
    const a = announcement.get(key.refId)
    const p = a && project.get(a.projectId)
    if (!a || !p) return []
    const change =
      key.kind === RELEASE_CHANGES.publication
        ? 'publication'
        : key.kind === RELEASE_CHANGES.correction
          ? 'correction'
          : 'withdrawal'
    const event: ReleaseEvent = {
      change,
      project: p,
      announcement: a,
      files: filesOf(files, a.id),
    }
    return eventDate(event) === key.date ? [event] : []
  })
}

const KIND_OF = {
  publication: RELEASE_CHANGES.publication,
  correction: RELEASE_CHANGES.correction,
  withdrawal: RELEASE_CHANGES.withdrawal,
  projectWithdrawal: RELEASE_CHANGES.projectWithdrawal,
} as const

function keyOf(event: ReleaseEvent): ReleaseEventKey {
  return {
    date: eventDate(event),
    kind: KIND_OF[event.change],
    refId:
      event.change === 'projectWithdrawal'
        ? event.project.id
        : event.announcement.id,
  }
}

function compareKeys(a: ReleaseEventKey, b: ReleaseEventKey): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1
  return a.kind - b.kind || a.refId - b.refId
}

export function eventsOfProject({
  project,
  announcements,
  files,
}: {
  project: ReleaseProjectRow
  announcements: ReleaseAnnouncementRow[]
  files: ReleaseFileRow[]
}): ReleaseEvent[] {
  const events: ReleaseEvent[] = announcements.flatMap((a) => {
    const base = { project, announcement: a, files: filesOf(files, a.id) }
    return [
      { ...base, change: 'publication' as const },
      ...(a.correctedAt ? [{ ...base, change: 'correction' as const }] : []),
      ...(a.withdrawnAt ? [{ ...base, change: 'withdrawal' as const }] : []),
    ]
  })
  if (project.withdrawnAt) events.push({ change: 'projectWithdrawal', project })
  return events.sort((a, b) => compareKeys(keyOf(a), keyOf(b)))
}
