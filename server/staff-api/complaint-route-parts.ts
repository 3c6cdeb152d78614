import type { Kysely } from 'kysely'
import { z } from 'zod'

import { COMPLAINT_READ_ROLES } from '#common/constants/staff.ts'
import { ComplaintNoSchema } from '#common/schemas/complaint/complaint-fields.ts'
import type { ComplaintDeps } from '#server/complaints/complaint-service.ts'
import type { WorkingCalendar } from '#server/complaints/working-calendar.ts'
import type { Database } from '#server/db/schema.ts'
import type { StaffService } from '#server/staff/staff-service.ts'

export type ComplaintRoutesOptions = {
  db: Kysely<Database>
  deps: ComplaintDeps
  staff: StaffService
}

export type ComplaintRouteContext = ComplaintRoutesOptions & {
  calendar: WorkingCalendar
  now: () => Date
}

export const ComplaintParamsSchema = z.object({
  complaintNo: ComplaintNoSchema,
})

export const READ = { staff: { roles: COMPLAINT_READ_ROLES } }
