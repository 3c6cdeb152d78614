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

/**
 * The content workflow (先审后发): an editor (内容编辑) writes a revision and submits it; a
 * reviewer (内容审核) who did not write it approves it, now or at a time, or returns it with a
 * comment; a published item is corrected through a new revision or withdrawn with a reason.
 * Every change names the revision it was based on and is made only if nobody changed that
 * revision first (a conditional update on its version), so a stale edit or a second approval
 * changes nothing. A publication projects the revision into the public tables through its
 * kind's publisher, in the same transaction, and is then announced to every cache.
 */
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

/** Roles of the workflow's steps, for the routes (docs/api/staff-api.md, Content). */
export const CONTENT_ACTION_ROLE: Record<ContentAction, StaffRole> = {
  save: ROLE_EDITOR,
  submit: ROLE_EDITOR,
  discard: ROLE_EDITOR,
  approve: ROLE_REVIEWER,
  return: ROLE_REVIEWER,
  'cancel-schedule': ROLE_REVIEWER,
  withdraw: ROLE_REVIEWER,
}
