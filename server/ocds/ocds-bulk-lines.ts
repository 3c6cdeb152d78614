import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import {
  findReleaseTimeSpan,
  pageReleaseLog,
  type ReleaseLogPosition,
} from '#server/projects/project-release-repository.ts'

import type { OcdsPackaging } from './ocds-packaging.ts'

export async function releaseYears(db: Kysely<Database>): Promise<number[]> {
  const span = await findReleaseTimeSpan(db)
  if (!span) return []
  const first = Number(span.first.slice(0, 4))
  const last = Number(span.last.slice(0, 4))
  return Array.from({ length: last - first + 1 }, (_, i) => first + i)
}

export async function* bulkLines(
  packaging: OcdsPackaging,
  year: number,
  batch = 200,
): AsyncGenerator<string> {
  const { db, options, bulkUrl, packageHead, releasesOf } = packaging
  const range = {
    since: `${year}-01-01 00:00:00`,
    until: `${year + 1}-01-01 00:00:00`,
  }
  const publisher = await options.publisherName()
  let after: ReleaseLogPosition | undefined
  for (;;) {
    const entries = await pageReleaseLog(db, {
      ...range,
      after,
      limit: batch,
    })
    if (entries.length === 0) return
    after = entries.at(-1)
    for (const release of await releasesOf(entries))
      yield JSON.stringify({
        ...packageHead(bulkUrl(year), release.date, publisher, [release]),
        releases: [release],
      })
    if (entries.length < batch) return
  }
}
