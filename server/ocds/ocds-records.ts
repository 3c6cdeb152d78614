import { findProjectReleaseLog } from '#server/projects/project-release-repository.ts'

import { compileReleases, versionReleases } from './ocds-merge.ts'
import { latestDate, type OcdsPackaging } from './ocds-packaging.ts'
import { OcdsRefusal } from './ocds-refusal.ts'

function codeOf(ocidPrefix: string, ocid: string): string | null {
  const prefix = `${ocidPrefix}-`
  return ocid.startsWith(prefix) && ocid.length > prefix.length
    ? ocid.slice(prefix.length)
    : null
}

export async function record(packaging: OcdsPackaging, ocid: string) {
  const { db, options, url, packageHead, releasesOf } = packaging
  const code = codeOf(options.ocidPrefix, ocid)
  const entries = code ? await findProjectReleaseLog(db, code) : []
  if (entries.length === 0) throw new OcdsRefusal(404, 'unknown_ocid')
  const releases = await releasesOf(entries)
  return {
    ...packageHead(
      url(`/records/${encodeURIComponent(ocid)}`),
      latestDate(releases)!,
      await options.publisherName(),
      releases,
    ),
    records: [
      {
        ocid,
        releases,
        compiledRelease: compileReleases(releases),
        versionedRelease: versionReleases(releases),
      },
    ],
  }
}
