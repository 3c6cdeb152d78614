import type { FileLinkSource } from '#server/files/file-access.ts'
import { findArticleFileIds } from './article-repository.ts'

// Public content: attachments and covers are served to everyone and cached for a year.
export const articleFileLinks: FileLinkSource = {
  publicAmong: findArticleFileIds,
}
