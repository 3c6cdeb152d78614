import { complaintResultPath } from '#common/public-paths.ts'
import { idBlockSitemapSource } from '#server/open-data/open-data-sources.ts'

import {
  findPublishedComplaintBlocks,
  findPublishedComplaintStamps,
} from './published-repository.ts'

// Nothing else of a complaint is a public page.
export const publishedComplaintSitemapSource = idBlockSitemapSource({
  kind: 'complaint-results',
  blocks: findPublishedComplaintBlocks,
  rows: findPublishedComplaintStamps,
  entry: (row) => ({
    path: complaintResultPath(row.id),
    lastmod: row.publishedAt,
  }),
})
