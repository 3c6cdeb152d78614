import { TRADE_FEEDS, type TradeFeed } from '#common/constants/feeds.ts'
import { linkagePath, projectPath } from '#common/public-paths.ts'
import {
  feedSummary,
  type FeedSource,
  idBlockSitemapSource,
  laterTime,
  type SitemapSource,
} from '#server/open-data/open-data-sources.ts'

import {
  findPublicLinkageBlocks,
  findPublicLinkageStamps,
} from './linkage-repository.ts'
import { projectNames, stageName } from './project-names.ts'
import {
  findNewestAnnouncements,
  findPublicAnnouncementBlocks,
  findPublicAnnouncementStamps,
  findPublicProjectBlocks,
  findPublicProjectStamps,
} from './project-open-data-repository.ts'

function tradeFeedSource(feed: TradeFeed): FeedSource {
  return {
    ...feed,
    async items(db, limit) {
      const rows = await findNewestAnnouncements(db, {
        category: feed.category,
        limit,
      })
      return rows.map((row) => {
        const names = projectNames(row)
        const facts = [
          `项目编号：${row.code}`,
          `${names.categoryName}·${names.subTypeName}`,
          names.regionName,
        ].filter(Boolean)
        return {
          title: row.title,
          // The announcement's own tab of its project's page.
          path: projectPath(row.projectId, row.stage),
          summary: `${facts.join('；')}。${feedSummary('', row.contentStart)}`,
          category: `${names.categoryName}·${stageName(row.stage)}`,
          published: row.publishTime,
          updated: laterTime(row.publishTime, row.correctedAt)!,
        }
      })
    },
  }
}

export const projectFeedSources: FeedSource[] = TRADE_FEEDS.map(tradeFeedSource)

export const projectSitemapSources: SitemapSource[] = [
  idBlockSitemapSource({
    kind: 'projects',
    blocks: findPublicProjectBlocks,
    rows: findPublicProjectStamps,
    entry: (row) => ({
      path: projectPath(row.id),
      lastmod: laterTime(row.updatedAt, row.announcedAt, row.recordedAt),
    }),
  }),
  idBlockSitemapSource({
    kind: 'announcements',
    blocks: findPublicAnnouncementBlocks,
    rows: findPublicAnnouncementStamps,
    entry: (row) => ({
      path: projectPath(row.projectId, row.stage),
      lastmod: laterTime(row.announcedAt, row.updatedAt),
    }),
  }),
  idBlockSitemapSource({
    kind: 'linkages',
    blocks: findPublicLinkageBlocks,
    rows: findPublicLinkageStamps,
    entry: (row) => ({ path: linkagePath(row.id), lastmod: row.lastmod }),
  }),
]
