import type { ReleaseLogEntry } from '#server/projects/project-release-repository.ts'

import type { ReleaseEvent } from './ocds-release-event.ts'

type TakenBack = { projects: Set<number>; announcements: Set<number> }

// Each logged change as the rows stood when it was made; what has been taken back since is
// marked, so that its releases no longer show it.
export function eventsOfLog(
  entries: ReleaseLogEntry[],
  takenBack: TakenBack,
): ReleaseEvent[] {
  return entries.map(({ change, date, ordinal, subject }): ReleaseEvent => {
    const { project, announcement } = subject
    const isTakenBack =
      takenBack.projects.has(project.id) ||
      (announcement !== undefined &&
        takenBack.announcements.has(announcement.id))
    const logged = { date, ordinal, isTakenBack }
    if (change === 'projectWithdrawal') return { change, project, ...logged }
    return {
      change,
      project,
      announcement: announcement!,
      files: subject.files ?? [],
      ...logged,
    }
  })
}
