import type { FileLinkSource } from '#server/files/file-access.ts'
import { findComplaintsOfFiles } from './complaint-repository.ts'
import { findPublishedDocumentFiles } from './published/published-repository.ts'

/**
 * The files of a complaint are personal data (issue 10, point 7): besides staff, only the
 * complainant reads them, once he has named the complaint with its number and query code.
 * The one exception is the public version of the decision (personal data masked), which is
 * public once the result is published; its original never is.
 */
export const complaintFileLinks: FileLinkSource = {
  complaintsOf: findComplaintsOfFiles,
  publicAmong: findPublishedDocumentFiles,
}
