import type { FileLinkSource } from '#server/files/file-access.ts'
import { findComplaintsOfFiles } from './complaint-repository.ts'
import { findPublishedDocumentFiles } from './published/published-repository.ts'

// issue 10, point 7: besides staff, only the complainant reads a complaint's files, once he has
// named it with number and query code. The public version of the decision is public once the
// result is published; its original never is.
export const complaintFileLinks: FileLinkSource = {
  complaintsOf: findComplaintsOfFiles,
  publicAmong: findPublishedDocumentFiles,
}
