import type { FileLinkSource } from '#server/files/file-access.ts'
import { findProjectFileIds } from './project-repository.ts'

/**
 * Stage announcements and linkage records are public content: their attachments are served to
 * everyone and cached for a year.
 */
export const projectFileLinks: FileLinkSource = {
  publicAmong: findProjectFileIds,
}
