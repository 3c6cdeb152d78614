import { type FileLinkSource } from '#server/files/file-access.ts'
import { findComplaintsOfFiles } from './complaint-repository.ts'

/**
 * The files of a complaint are personal data (issue 10, point 7): besides staff, only the
 * complainant reads them, once he has named the complaint with its number and query code.
 */
export const complaintFileLinks: FileLinkSource = {
  complaintsOf: findComplaintsOfFiles,
}
