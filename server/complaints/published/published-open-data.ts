import { complaintResultPath } from '#common/public-paths.ts'
import { idBlockSitemapSource } from '#server/open-data/open-data-sources.ts'

import {
  findPublishedComplaintBlocks,
  findPublishedComplaintStamps,
} from './published-repository.ts'

/**
 * The published handling results (投诉处理结果): public by the department's decision, their
 * personal data masked. Nothing else of a complaint is a public page.
 */
export const publishedComplaintSitemapSource = idBlockSitemapSource({
  kind: 'complaint-results',
  blocks: findPublishedComplaintBlocks,
  rows: findPublishedComplaintStamps,
  entry: (row) => ({
    path: complaintResultPath(row.id),
    lastmod: row.publishedAt,
  }),
})
