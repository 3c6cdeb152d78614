import { bulkLines, releaseYears } from './ocds-bulk-lines.ts'
import { ocdsIndex } from './ocds-index.ts'
import {
  createOcdsPackaging,
  type OcdsServiceOptions,
} from './ocds-packaging.ts'
import { record } from './ocds-records.ts'
import { releasePage, type ReleasePageQuery } from './ocds-release-pages.ts'

export type OcdsService = ReturnType<typeof createOcdsService>

export function createOcdsService(options: OcdsServiceOptions) {
  const packaging = createOcdsPackaging(options)
  return {
    releasePage: (query: ReleasePageQuery) => releasePage(packaging, query),
    record: (ocid: string) => record(packaging, ocid),
    releaseYears: () => releaseYears(options.db),
    bulkLines: (year: number, batch?: number) =>
      bulkLines(packaging, year, batch),
    index: () => ocdsIndex(packaging),
  }
}
