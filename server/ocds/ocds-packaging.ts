import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import {
  findTakenBack,
  type ReleaseLogEntry,
} from '#server/projects/project-release-repository.ts'

import { eventsOfLog } from './ocds-events.ts'
import { lookUpParties, type OcdsPartyDetails } from './ocds-parties.ts'
import { buildRelease } from './ocds-release.ts'
import {
  factsOf,
  type Release,
  type ReleaseEvent,
  type ReleaseSettings,
} from './ocds-release-event.ts'
import { partiesNamed } from './ocds-release-parties.ts'
import {
  BIDS_EXTENSION_URL,
  usesBidsExtension,
} from './ocds-release-stage-facts.ts'

// major.minor, as the package schemas ask.
const OCDS_VERSION = '1.1'

export type OcdsServiceOptions = ReleaseSettings & {
  db: Kysely<Database>
  publisherName: () => Promise<string>
  partyDetails: OcdsPartyDetails
  // The releases go out without its details.
  onPartyDetailsError?: (error: unknown) => void
}

export function createOcdsPackaging(options: OcdsServiceOptions) {
  const { db, baseUrl } = options
  const settings: ReleaseSettings = {
    ocidPrefix: options.ocidPrefix,
    baseUrl,
  }
  const url = (path: string) => `${baseUrl}/ocds${path}`

  // A package names the extensions its releases use, so that readers validate against the
  // release schema patched by them (OCDS 1.1 extensions).
  function packageHead(
    uri: string,
    publishedDate: string,
    publisher: string,
    releases: Release[],
  ) {
    return {
      uri,
      version: OCDS_VERSION,
      ...(releases.some(usesBidsExtension)
        ? { extensions: [BIDS_EXTENSION_URL] }
        : {}),
      publishedDate,
      publisher: { name: publisher, uri: baseUrl },
      publicationPolicy: url('/'),
    }
  }

  // The party hook is asked once per name.
  async function build(events: ReleaseEvent[]): Promise<Release[]> {
    const facts = events.map((event) => factsOf(event))
    const parties = await lookUpParties(
      events.flatMap((event, i) => partiesNamed(event, facts[i] ?? null)),
      async (party) => {
        try {
          return await options.partyDetails(party)
        } catch (error) {
          options.onPartyDetailsError?.(error)
          return null
        }
      },
    )
    return events.map((event, i) =>
      buildRelease(event, settings, parties, facts[i] ?? null),
    )
  }

  async function releasesOf(entries: ReleaseLogEntry[]) {
    return build(eventsOfLog(entries, await findTakenBack(db, entries)))
  }

  const bulkUrl = (year: number) => url(`/bulk/${year}.jsonl.gz`)

  return { options, db, url, bulkUrl, packageHead, build, releasesOf }
}

export type OcdsPackaging = ReturnType<typeof createOcdsPackaging>

export function latestDate(releases: Release[]): string | null {
  return releases.reduce<string | null>(
    (latest, release) =>
      latest === null || release.date > latest ? release.date : latest,
    null,
  )
}
