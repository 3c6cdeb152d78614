import { ROLE_EDITOR, ROLE_REVIEWER } from '#common/constants/content.ts'
import type { StaffRole } from '#common/constants/staff.ts'
import type { ContentAction } from '#common/schemas/content/workflow.ts'
import { contextBinder } from '#server/shared/context-binder.ts'

import * as editing from './workflow/content-editing.ts'
import * as publication from './workflow/content-publication.ts'
import * as reads from './workflow/content-reads.ts'
import * as review from './workflow/content-review.ts'
import * as scheduling from './workflow/content-scheduling.ts'
import {
  type ContentWorkflowOptions,
  createWorkflowContext,
} from './workflow/workflow-context.ts'

// 先审后发: a reviewer who did not write a revision approves it. Every change names the revision
// it was based on and is made only if nobody changed that first, so a stale edit or a second
// approval changes nothing.
export function createContentWorkflow(options: ContentWorkflowOptions) {
  const context = createWorkflowContext(options)
  const withContext = contextBinder(context)
  return {
    list: withContext(reads.list),
    dashboard: withContext(reads.dashboard),
    detail: withContext(reads.detail),
    create: withContext(editing.create),
    saveDraft: withContext(editing.saveDraft),
    submit: withContext(editing.submit),
    discard: withContext(editing.discard),
    approve: withContext(review.approve),
    returnRevision: withContext(review.returnRevision),
    cancelSchedule: withContext(scheduling.cancelSchedule),
    withdraw: withContext(publication.withdraw),
    revision: withContext(reads.revision),
    diff: withContext(reads.diff),
    publicView: withContext(reads.publicView),
    recordUpload: withContext(editing.recordUpload),
    publishDue: withContext(scheduling.publishDue),
  }
}

export type ContentWorkflow = ReturnType<typeof createContentWorkflow>

export const CONTENT_ACTION_ROLE: Record<ContentAction, StaffRole> = {
  save: ROLE_EDITOR,
  submit: ROLE_EDITOR,
  discard: ROLE_EDITOR,
  approve: ROLE_REVIEWER,
  return: ROLE_REVIEWER,
  'cancel-schedule': ROLE_REVIEWER,
  withdraw: ROLE_REVIEWER,
}
