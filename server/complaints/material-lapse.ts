import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'

import {
  dateOf,
  dayAfter,
  resumedAcceptanceClock,
} from './complaint-deadlines.ts'
import {
  findStoppedAcceptanceClocks,
  updateComplaintWithEvent,
} from './complaint-repository.ts'
import type { ComplaintDeps } from './complaint-service.ts'
import { officialCalendar } from './working-calendar.ts'

// The 补正通知书 says: 逾期未补正的，本机关将依据现有材料依法处理. So a request whose due date has
// passed unanswered no longer stops the acceptance clock: it runs again from the day after that
// date, whenever this runs (a server that was down changes nothing), and the department decides
// on what it has. The request stays open: material sent late is still taken.
export async function resumeLapsedAcceptanceClocks(
  db: Kysely<Database>,
  deps: Pick<ComplaintDeps, 'calendar' | 'now'>,
): Promise<string[]> {
  const calendar = deps.calendar ?? officialCalendar()
  const stamp = toShanghaiText((deps.now ?? (() => new Date()))())
  const today = dateOf(stamp)
  const resumed: string[] = []
  for (const c of await findStoppedAcceptanceClocks(db)) {
    const lastDue = c.lastMaterialDueDate
    if (lastDue !== null && lastDue >= today) continue
    const resumeDate = lastDue === null ? today : dayAfter(lastDue)
    const changes = resumedAcceptanceClock(c, resumeDate, calendar)
    const isUpdated = await updateComplaintWithEvent(
      db,
      c,
      { ...changes, updatedAt: stamp },
      {
        type: 'material-lapse',
        fromState: c.state,
        toState: c.state,
        actorKind: 'system',
        actorName: '系统',
        reason: `补正期限${lastDue ? `（${lastDue}）` : ''}届满，投诉人未补正，依据现有材料依法处理：受理期限自${resumeDate}起恢复计算，届满日为${changes.acceptanceDueDate}`,
        documentId: null,
        occurredAt: stamp,
      },
    )
    if (isUpdated) resumed.push(c.complaintNo)
  }
  return resumed
}
