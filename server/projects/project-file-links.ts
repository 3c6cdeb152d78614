import type { FileLinkSource } from '#server/files/file-access.ts'
import { findProjectFileIds } from './project-repository.ts'

// Public content: attachments are served to everyone and cached for a year.
export const projectFileLinks: FileLinkSource = {
  publicAmong: findProjectFileIds,
}
