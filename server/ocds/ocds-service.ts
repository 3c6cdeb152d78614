import type { Kysely } from 'kysely'

import { OCDS_PAGE_SIZE, ocdsAfterText } from '#common/schemas/ocds.ts'
import type { Database } from '#server/db/schema.ts'
import {
  findProjectReleaseSubjects,
  findReleaseSubjects,
  findReleaseTimeSpan,
  pageReleaseEvents,
  RELEASE_CHANGES,
  type ReleaseEventKey,
} from '#server/projects/project-release-repository.ts'

import { eventsOfKeys, eventsOfProject } from './ocds-events.ts'
import { compileReleases, versionReleases } from './ocds-merge.ts'
import { lookUpParties, type OcdsPartyDetails } from './ocds-parties.ts'
import { OcdsRefusal } from './ocds-refusal.ts'
import { buildRelease } from './ocds-release.ts'
import {
  factsOf,
  ocdsDate,
  type Release,
  type ReleaseEvent,
  type ReleaseSettings,
} from './ocds-release-event.ts'
import { partiesNamed } from './ocds-release-parties.ts'

/*
 * The packages of /ocds/ (docs/api/ocds.md): pages of releases, records, the lines of the yearly
 * bulk files and the index, read through the projects' release repository and built by the
 * pure mapping of ocds-release.ts.
 */

/** The OCDS version of every package: major.minor, as the package schemas ask. */
const OCDS_VERSION = '1.1'

type OcdsServiceOptions = ReleaseSettings & {
  db: Kysely<Database>
  /** Who publishes: the platform's name as its site settings say it now. */
  publisherName: () => Promise<string>
  /** More about each party (server/ocds/ocds-parties.ts). */
  partyDetails: OcdsPartyDetails
  /** Told when the party hook failed; the releases go out without its details. */
  onPartyDetailsError?: (error: unknown) => void
}

export type OcdsService = ReturnType<typeof createOcdsService>

export function createOcdsService(options: OcdsServiceOptions) {
  const { db, baseUrl } = options
  const settings: ReleaseSettings = {
    ocidPrefix: options.ocidPrefix,
    baseUrl,
  }
  const url = (path: string) => `${baseUrl}/ocds${path}`

  function packageHead(uri: string, publishedDate: string, publisher: string) {
    return {
      uri,
      version: OCDS_VERSION,
      publishedDate,
      publisher: { name: publisher, uri: baseUrl },
      publicationPolicy: url('/'),
    }
  }

  /** The releases of `events`, in their order: the party hook asked once per name. */
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

  async function releasesOf(keys: ReleaseEventKey[]) {
    const subjects = await findReleaseSubjects(db, {
      announcementIds: keys
        .filter((key) => key.kind !== RELEASE_CHANGES.projectWithdrawal)
        .map((key) => key.refId),
      projectIds: keys
        .filter((key) => key.kind === RELEASE_CHANGES.projectWithdrawal)
        .map((key) => key.refId),
    })
    return build(eventsOfKeys(keys, subjects))
  }

  const pageUrl = (
    since: string | undefined,
    at: { page: number } | { after: ReleaseEventKey },
  ) => {
    const query = new URLSearchParams()
    if (since) query.set('since', ocdsDate(since))
    if ('page' in at) query.set('page', String(at.page))
    else query.set('after', ocdsAfterText(at.after))
    return url(`/releases?${query}`)
  }

  /**
   * A page of the release package list, oldest release first, OCDS_PAGE_SIZE a page, from
   * `since` (Beijing time text) on: page `page`, counted through the time indexes, or the page
   * right after the release `after` names (links.next), sought through them whatever its depth.
   * A page with no release is refused: the first, or one after a position, when nothing was
   * released since then; a later numbered one as beyond the end.
   */
  async function releasePage({
    since,
    page,
    after,
  }: {
    since?: string
    page?: number
    after?: ReleaseEventKey
  }) {
    const number = after ? null : (page ?? 1)
    const keys = await pageReleaseEvents(db, {
      since,
      after,
      offset: number === null ? 0 : (number - 1) * OCDS_PAGE_SIZE,
      limit: OCDS_PAGE_SIZE + 1,
    })
    if (keys.length === 0)
      throw number === null || number === 1
        ? new OcdsRefusal(404, 'no_releases')
        : new OcdsRefusal(404, 'page_out_of_range')
    const shown = keys.slice(0, OCDS_PAGE_SIZE)
    const releases = await releasesOf(shown)
    return {
      ...packageHead(
        pageUrl(since, after ? { after } : { page: number! }),
        latestDate(releases) ?? ocdsDate(keys[0]!.date),
        await options.publisherName(),
      ),
      releases,
      links: {
        // Onwards by position: as fast on the last page as on the first, and never a release
        // skipped or repeated when an earlier one changes meanwhile.
        ...(keys.length > OCDS_PAGE_SIZE
          ? { next: pageUrl(since, { after: shown.at(-1)! }) }
          : {}),
        ...(number !== null && number > 1
          ? { prev: pageUrl(since, { page: number - 1 }) }
          : {}),
      },
    }
  }

  /** The ocid's project number, or null when the ocid is not one of ours. */
  function codeOf(ocid: string): string | null {
    const prefix = `${options.ocidPrefix}-`
    return ocid.startsWith(prefix) && ocid.length > prefix.length
      ? ocid.slice(prefix.length)
      : null
  }

  /** The record package of one contracting process: its releases, compiled and versioned. */
  async function record(ocid: string) {
    const code = codeOf(ocid)
    const subjects = code ? await findProjectReleaseSubjects(db, code) : null
    const events = subjects ? eventsOfProject(subjects) : []
    if (events.length === 0) throw new OcdsRefusal(404, 'unknown_ocid')
    const releases = await build(events)
    return {
      ...packageHead(
        url(`/records/${encodeURIComponent(ocid)}`),
        latestDate(releases)!,
        await options.publisherName(),
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

  /** The years with releases, from the first release's to the last's; none without releases. */
  async function releaseYears(): Promise<number[]> {
    const span = await findReleaseTimeSpan(db)
    if (!span) return []
    const first = Number(span.first.slice(0, 4))
    const last = Number(span.last.slice(0, 4))
    return Array.from({ length: last - first + 1 }, (_, i) => first + i)
  }

  const bulkUrl = (year: number) => url(`/bulk/${year}.jsonl.gz`)

  /**
   * The lines of a year's bulk file: a release package of one release per line, oldest first,
   * the year's releases read `batch` at a time by their keyset.
   */
  async function* bulkLines(year: number, batch = 200): AsyncGenerator<string> {
    const range = {
      since: `${year}-01-01 00:00:00`,
      until: `${year + 1}-01-01 00:00:00`,
    }
    const publisher = await options.publisherName()
    let after: ReleaseEventKey | undefined
    for (;;) {
      const keys = await pageReleaseEvents(db, {
        ...range,
        after,
        limit: batch,
      })
      if (keys.length === 0) return
      after = keys.at(-1)
      for (const release of await releasesOf(keys))
        yield JSON.stringify({
          ...packageHead(bulkUrl(year), release.date, publisher),
          releases: [release],
        })
      if (keys.length < batch) return
    }
  }

  /** What /ocds/ serves and how to read it: the index a program starts from. */
  async function index() {
    const years = await releaseYears()
    return {
      name: '开放合同数据（OCDS 1.1.5）',
      description:
        '本平台交易项目的开放合同数据：每个交易项目为一个交易过程（ocid），各环节公告的发布、更正和撤回各为一次发布（release）。数据无需签名即可读取，允许跨域访问，按访问地址限制频率。',
      ocdsVersion: '1.1.5',
      ocidPrefix: options.ocidPrefix,
      publisher: { name: await options.publisherName(), uri: baseUrl },
      releases: {
        url: url('/releases'),
        parameters: {
          since:
            '可选：只列出该时间及之后的发布，日期（北京时间零点）或带时区的 RFC 3339 时间',
          page: '可选：页码，从 1 开始',
        },
        order: '按发布时间从早到晚（oldest first），同一时间按发布的种类和编号',
        pageSize: OCDS_PAGE_SIZE,
      },
      records: { url: url('/records/{ocid}') },
      bulk: years.map((year) => ({
        year,
        url: bulkUrl(year),
        format:
          'gzip 压缩的 JSON Lines：每行一个只含一次发布的发布包（release package），按发布时间从早到晚',
      })),
    }
  }

  return { releasePage, record, releaseYears, bulkLines, index }
}

function latestDate(releases: Release[]): string | null {
  return releases.reduce<string | null>(
    (latest, release) =>
      latest === null || release.date > latest ? release.date : latest,
    null,
  )
}
