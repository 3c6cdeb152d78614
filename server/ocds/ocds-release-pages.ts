import {
  OCDS_PAGE_SIZE,
  type OcdsAfter,
  ocdsAfterText,
} from '#common/schemas/ocds.ts'
import {
  findLoggedPosition,
  pageReleaseLog,
  type ReleaseLogPosition,
} from '#server/projects/project-release-repository.ts'

import { latestDate, type OcdsPackaging } from './ocds-packaging.ts'
import { OcdsRefusal } from './ocds-refusal.ts'
import { ocdsDate } from './ocds-release-event.ts'

export type ReleasePageQuery = {
  since?: string
  page?: number
  after?: OcdsAfter
}

function pageUrl(
  { url }: OcdsPackaging,
  since: string | undefined,
  at: { page: number } | { after: ReleaseLogPosition },
) {
  const query = new URLSearchParams()
  if (since) query.set('since', ocdsDate(since))
  if ('page' in at) query.set('page', String(at.page))
  else query.set('after', ocdsAfterText(at.after))
  return url(`/releases?${query}`)
}

export async function releasePage(
  packaging: OcdsPackaging,
  { since, page, after: asked }: ReleasePageQuery,
) {
  const { db, options, packageHead, releasesOf } = packaging
  const after: ReleaseLogPosition | undefined =
    asked?.seq === undefined
      ? asked && (await findLoggedPosition(db, asked))
      : { date: asked.date, seq: asked.seq }
  const number = after ? null : (page ?? 1)
  const entries = await pageReleaseLog(db, {
    since,
    after,
    offset: number === null ? 0 : (number - 1) * OCDS_PAGE_SIZE,
    limit: OCDS_PAGE_SIZE + 1,
  })
  if (entries.length === 0)
    throw number === null || number === 1
      ? new OcdsRefusal(404, 'no_releases')
      : new OcdsRefusal(404, 'page_out_of_range')
  const shown = entries.slice(0, OCDS_PAGE_SIZE)
  const releases = await releasesOf(shown)
  const last = shown.at(-1)!
  return {
    ...packageHead(
      pageUrl(packaging, since, after ? { after } : { page: number! }),
      latestDate(releases) ?? ocdsDate(entries[0]!.date),
      await options.publisherName(),
      releases,
    ),
    releases,
    links: {
      // Onwards by position: as fast on the last page as on the first, and never a release
      // skipped or repeated as more are published.
      ...(entries.length > OCDS_PAGE_SIZE
        ? {
            next: pageUrl(packaging, since, {
              after: { date: last.date, seq: last.seq },
            }),
          }
        : {}),
      ...(number !== null && number > 1
        ? { prev: pageUrl(packaging, since, { page: number - 1 }) }
        : {}),
    },
  }
}
