import { gunzipSync } from 'node:zlib'

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ContentItemDetail } from '#common/schemas/content/workflow.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import {
  announcementFields,
  baseOf,
  contentStaff,
  projectFields,
  publicIdOf,
  publishItem,
} from '#tests/content-test-api.ts'
import {
  createTestDatabase,
  seededAt,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import {
  codelistProblems,
  ocdsValidators,
  packageErrors,
  schemaErrors,
} from '#tests/ocds-schemas.ts'
import { creditFields } from '#tests/credit-fixtures.ts'
import { buildTestApp } from '#tests/test-app.ts'
import { pdfDocument } from '#tests/upload-samples.ts'

type Release = {
  ocid: string
  id: string
  date: string
  tag: string[]
  tender?: Record<string, unknown> & {
    status?: string
    amendments?: Record<string, unknown>[]
    documents?: { id: string; title: string; url: string }[]
  }
  awards?: Record<string, unknown>[]
  parties?: { id: string; name: string; roles: string[] }[]
}
type ReleasePackage = {
  releases: Release[]
  links: { next?: string; prev?: string }
  publishedDate: string
}
type RecordPackage = {
  records: {
    ocid: string
    releases: Release[]
    compiledRelease: Release
    versionedRelease: Record<string, unknown>
  }[]
}
type OcdsIndex = { bulk: { year: number; url: string }[] }

/** The open codelists the portal keeps to (the others hold its documented local codes). */
const KEPT_OPEN_CODELISTS = [
  'partyRole.csv',
  'documentType.csv',
  'awardCriteria.csv',
  'statistic.csv',
]

const HOUR_MS = 3_600_000
const rfc3339 = (date: Date) =>
  `${toShanghaiText(date).replace(' ', 'T')}+08:00`

function expectValidRelease(release: unknown) {
  expect(codelistProblems(release, KEPT_OPEN_CODELISTS)).toEqual([])
}

describe.each(testEngines)('the OCDS open data at /ocds/ on %s', (engine) => {
  let t: TestDatabase
  let app: FastifyInstance
  let staff: Awaited<ReturnType<typeof contentStaff>>
  // After every release of the demo content: what the tests publish comes last.
  let clock = new Date(seededAt.getTime() + HOUR_MS)

  beforeAll(async () => {
    t = await createTestDatabase(engine)
    app = await buildTestApp(t, { now: () => clock })
    staff = await contentStaff(app)
  })
  afterAll(async () => {
    await app?.close()
    await t?.destroy()
  })

  // Each test asks from an address of its own: the limit counts per address.
  const get = (url: string, ip: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers, remoteAddress: ip })

  /**
   * Every page of releases, oldest first, each package checked against the schema, followed by
   * links.next; each page also asked by its number, which must hold the same releases.
   */
  async function allReleases(ip: string) {
    const releases: Release[] = []
    let url = '/ocds/releases'
    for (let page = 1; ; page++) {
      const answer = await get(url, ip)
      expect(answer.statusCode, answer.body).toBe(200)
      expect(answer.headers['content-type']).toContain('application/json')
      const body = answer.json<ReleasePackage>()
      expect(packageErrors('releasePackage', body)).toEqual([])
      body.releases.forEach(expectValidRelease)
      const numbered = await get(`/ocds/releases?page=${page}`, ip)
      expect(numbered.json<ReleasePackage>().releases).toEqual(body.releases)
      expect(numbered.json<ReleasePackage>().links.prev !== undefined).toBe(
        page > 1,
      )
      releases.push(...body.releases)
      if (body.links.next) {
        expect(body.releases).toHaveLength(100)
        const next = new URL(body.links.next)
        expect(next.searchParams.get('after')).toMatch(/^\d{8}T\d{6}\.\d+$/)
        url = `${next.pathname}${next.search}`
        continue
      }
      // The page after the last is beyond the end.
      const beyond = await get(`/ocds/releases?page=${page + 1}`, ip)
      expect(beyond.statusCode).toBe(404)
      expect(beyond.json().code).toBe('page_out_of_range')
      return releases
    }
  }

  /**
   * Every package /ocds/ serves, checked against the official schemas and codelists: all pages
   * of releases, the record of every ocid they name, and every year's bulk file. Returns the
   * releases, oldest first.
   */
  async function checkEverything(ip: string) {
    const releases = await allReleases(ip)
    expect(releases.length).toBeGreaterThan(0)
    // Oldest first, each release once.
    const dates = releases.map((release) => Date.parse(release.date))
    expect(dates).toEqual([...dates].sort((a, b) => a - b))
    expect(new Set(releases.map((r) => `${r.ocid}#${r.id}`)).size).toBe(
      releases.length,
    )

    const byOcid = Map.groupBy(releases, (release) => release.ocid)
    for (const [ocid, ofProcess] of byOcid) {
      const answer = await get(`/ocds/records/${encodeURIComponent(ocid)}`, ip)
      expect(answer.statusCode, answer.body).toBe(200)
      const body = answer.json<RecordPackage>()
      expect(packageErrors('recordPackage', body)).toEqual([])
      const [record] = body.records
      expect(record!.ocid).toBe(ocid)
      // The record holds the very releases the pages list for its ocid.
      expect(record!.releases).toEqual(ofProcess)
      record!.releases.forEach(expectValidRelease)
      expectValidRelease(record!.compiledRelease)
      expect(record!.compiledRelease.tag).toEqual(['compiled'])
      expect(record!.compiledRelease.date).toBe(ofProcess.at(-1)!.date)
    }

    const index = (await get('/ocds/', ip)).json<OcdsIndex>()
    const years = [...new Set(releases.map((r) => Number(r.date.slice(0, 4))))]
    expect(index.bulk.map((file) => file.year)).toEqual(
      expect.arrayContaining(years),
    )
    const inBulk: Release[] = []
    for (const { year, url } of index.bulk) {
      const answer = await get(new URL(url).pathname, ip)
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toBe('application/gzip')
      const lines = gunzipSync(answer.rawPayload)
        .toString('utf8')
        .split('\n')
        .filter((line) => line !== '')
      for (const line of lines) {
        const body = JSON.parse(line) as ReleasePackage
        expect(packageErrors('releasePackage', body)).toEqual([])
        expect(body.releases).toHaveLength(1)
        expect(body.releases[0]!.date.slice(0, 4)).toBe(String(year))
        inBulk.push(body.releases[0]!)
      }
    }
    // The bulk files together hold the same releases as the pages, in the same order.
    expect(inBulk).toEqual(releases)
    return releases
  }

  it('serves every package of the demo content valid against the OCDS 1.1.5 schemas (with the bids extension where listed) and codelists', async () => {
    // Every package, whatever other tests have published by now; then the demo's own trades.
    const releases = (await checkEverything('10.0.0.1')).filter(
      (release) => !release.ocid.startsWith('ocds-213czf-XJSL-OCDS-'),
    )
    // Every stage of the demo's trades shows as the release it is.
    const tags = new Set(releases.flatMap((release) => release.tag))
    expect([...tags].sort()).toEqual([
      'award',
      // The demo's signed contracts, stated by their results' facts.
      'contract',
      'planning',
      'tender',
      'tenderUpdate',
    ])
    const award = releases.find(
      (release) =>
        release.tag.includes('award') && release.id.startsWith('bidResult'),
    )!
    const [result] = award.awards as {
      status: string
      value: { amount: number; currency: string }
      suppliers: { id: string; name: string }[]
    }[]
    expect(result!.status).toBe('active')
    expect(result!.value.currency).toBe('CNY')
    const supplier = award.parties!.find(
      (party) => party.id === result!.suppliers[0]!.id,
    )
    expect(supplier?.roles).toEqual(['tenderer', 'supplier'])
    expect(award.parties!.some((party) => party.roles.includes('buyer'))).toBe(
      true,
    )
    // The demo's construction tenders state their stages' facts, bids among them.
    expect(releases.some((release) => 'bids' in release)).toBe(true)
  })

  it('describes itself at /ocds/: where the releases, records and bulk files are, and how they are ordered', async () => {
    for (const url of ['/ocds/', '/ocds']) {
      const answer = await get(url, '10.0.0.11')
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toMatchObject({
        ocdsVersion: '1.1.5',
        ocidPrefix: 'ocds-213czf',
        publisher: { uri: 'http://127.0.0.1:3000' },
        releases: {
          url: 'http://127.0.0.1:3000/ocds/releases',
          pageSize: 100,
          order: expect.stringContaining('oldest first'),
        },
        records: { url: 'http://127.0.0.1:3000/ocds/records/{ocid}' },
      })
      // Every year from the first release's to this one, each with its file.
      const { bulk } = answer.json<OcdsIndex>()
      const thisYear = Number(toShanghaiText(seededAt).slice(0, 4))
      expect(bulk.at(-1)!.year).toBe(thisYear)
      bulk.forEach((file, i) => {
        expect(file.year).toBe(thisYear - (bulk.length - 1 - i))
        expect(file.url).toBe(
          `http://127.0.0.1:3000/ocds/bulk/${file.year}.jsonl.gz`,
        )
      })
    }
  })

  /** A 工程建设 project published through the workflow: its item and public id. */
  async function publishedProject(
    code: string,
    overrides: Parameters<typeof projectFields>[1] = {},
  ) {
    const item = await publishItem(
      staff,
      'project',
      projectFields(code, overrides),
    )
    return { item, id: publicIdOf(item) }
  }

  const withdraw = async (item: ContentItemDetail, reason: string) => {
    const answer = await staff.reviewer.call(
      'POST',
      `/content/items/${item.id}/withdraw`,
      { reason },
    )
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json<ContentItemDetail>()
  }

  /** Republished through review: with the 更正 mark and its note, or without (note null). */
  async function correct(
    item: ContentItemDetail,
    fields: unknown,
    note: string | null,
  ) {
    const saved = await staff.editor.call(
      'PUT',
      `/content/items/${item.id}/draft`,
      {
        kind: item.kind,
        fields,
        base: baseOf(item),
        ...(note === null ? {} : { isCorrection: true, correctionNote: note }),
      },
    )
    expect(saved.statusCode, saved.body).toBe(200)
    const submitted = await staff.editor.call(
      'POST',
      `/content/items/${item.id}/submit`,
      { base: baseOf(saved.json()) },
    )
    expect(submitted.statusCode, submitted.body).toBe(200)
    const approved = await staff.reviewer.call(
      'POST',
      `/content/items/${item.id}/approve`,
      { base: baseOf(submitted.json()) },
    )
    expect(approved.statusCode, approved.body).toBe(200)
    return approved.json<ContentItemDetail>()
  }

  it('shows an announcement corrected and then withdrawn through the review workflow as later amendments, in the releases and in the record', async () => {
    const start = clock
    const { id } = await publishedProject('XJSL-OCDS-GC-001')
    const upload = (
      await staff.editor.upload('招标文件.pdf', await pdfDocument())
    ).json<{ id: string }>()
    const fields = announcementFields(
      id,
      'bidNotice',
      '叶尔羌河堤防工程招标公告',
      {
        attachments: [upload.id],
      },
    )
    const notice = await publishItem(staff, 'announcement', fields)
    const ocid = 'ocds-213czf-XJSL-OCDS-GC-001'

    const since = encodeURIComponent(rfc3339(start))
    const fresh = (
      await get(`/ocds/releases?since=${since}`, '10.0.0.2')
    ).json<ReleasePackage>()
    const [published] = fresh.releases.filter((r) => r.ocid === ocid)
    expect(published).toMatchObject({ tag: ['tender'], date: rfc3339(start) })
    expect(published!.tender!.status).toBe('active')
    // The notice's page and its attachment, at absolute addresses.
    expect(published!.tender!.documents!.map((d) => d.url)).toEqual([
      `http://127.0.0.1:3000/business/detail?id=${id}&stage=bidNotice`,
      `http://127.0.0.1:3000/files/${upload.id}/${encodeURIComponent('招标文件.pdf')}`,
    ])
    const attachment = await get(
      new URL(published!.tender!.documents![1]!.url).pathname,
      '10.0.0.2',
    )
    expect(attachment.statusCode).toBe(200)

    clock = new Date(start.getTime() + HOUR_MS)
    const corrected = await correct(
      notice,
      { ...fields, content: '<p>开标时间更正为2026年12月22日10时30分。</p>' },
      '更正开标时间',
    )
    clock = new Date(start.getTime() + 2 * HOUR_MS)
    await withdraw(corrected, '招标文件存在错误，撤回后重新发布')

    const releases = (await get(`/ocds/releases?since=${since}`, '10.0.0.2'))
      .json<ReleasePackage>()
      .releases.filter((r) => r.ocid === ocid)
    expect(releases.map((r) => [r.tag, r.date])).toEqual([
      [['tender'], rfc3339(start)],
      [['tenderAmendment'], rfc3339(new Date(start.getTime() + HOUR_MS))],
      [
        ['tenderCancellation'],
        rfc3339(new Date(start.getTime() + 2 * HOUR_MS)),
      ],
    ])
    const [publication, correction, withdrawal] = releases
    expect(correction!.tender!.amendments).toEqual([
      expect.objectContaining({
        rationale: '更正开标时间',
        amendsReleaseID: publication!.id,
        releaseID: correction!.id,
      }),
    ])
    expect(withdrawal!.tender!.amendments).toEqual([
      expect.objectContaining({
        rationale: '招标文件存在错误，撤回后重新发布',
        description: '招标公告已撤回，不再公开',
        amendsReleaseID: publication!.id,
        releaseID: withdrawal!.id,
      }),
    ])
    // What the portal took back is no longer in the releases: the title and the file.
    expect(publication!.tender!.documents).toEqual([
      expect.objectContaining({ title: '招标公告' }),
    ])
    expect(JSON.stringify(releases)).not.toContain('叶尔羌河堤防工程招标公告')

    const record = (
      await get(`/ocds/records/${ocid}`, '10.0.0.2')
    ).json<RecordPackage>().records[0]!
    expect(record.releases.map((r) => r.id)).toEqual(releases.map((r) => r.id))
    // The call for bids taken back cancels the tender.
    expect(withdrawal!.tender!.status).toBe('cancelled')
    expect(record.compiledRelease.tender!.status).toBe('cancelled')
    expect(record.compiledRelease.tender!.amendments).toEqual([
      expect.objectContaining({ releaseID: correction!.id }),
      expect.objectContaining({ releaseID: withdrawal!.id }),
    ])
    const versioned = record.versionedRelease as {
      tender: { amendments: { id: string; rationale: { value: string }[] }[] }
    }
    expect(
      versioned.tender.amendments.map((a) => [a.id, a.rationale[0]!.value]),
    ).toEqual([
      [correction!.id, '更正开标时间'],
      [withdrawal!.id, '招标文件存在错误，撤回后重新发布'],
    ])
  })

  it('cancels the award of a result notice taken back, and the compiled record is no longer complete', async () => {
    const start = (clock = new Date(clock.getTime() + HOUR_MS))
    const { id } = await publishedProject('XJSL-OCDS-GC-010')
    await publishItem(
      staff,
      'announcement',
      announcementFields(id, 'bidNotice', '奎屯河引水工程招标公告'),
    )
    clock = new Date(start.getTime() + HOUR_MS)
    const result = await publishItem(
      staff,
      'announcement',
      announcementFields(id, 'bidResult', '奎屯河引水工程中标结果公告', {
        content:
          '<table><tbody><tr><th>中标人</th><td>新疆水利水电工程有限公司</td></tr>' +
          '<tr><th>中标价</th><td>36,100,000.00元</td></tr></tbody></table>',
      }),
    )
    const ocid = 'ocds-213czf-XJSL-OCDS-GC-010'
    const compiled = async () =>
      (await get(`/ocds/records/${ocid}`, '10.0.0.3')).json<RecordPackage>()
        .records[0]!.compiledRelease
    const awarded = await compiled()
    expect(awarded.tender!.status).toBe('complete')
    expect(awarded.awards).toEqual([
      expect.objectContaining({ id: 'bidResult', status: 'active' }),
    ])

    clock = new Date(start.getTime() + 2 * HOUR_MS)
    await withdraw(result, '中标人资格存疑，撤回结果')
    const record = (
      await get(`/ocds/records/${ocid}`, '10.0.0.3')
    ).json<RecordPackage>().records[0]!
    expect(record.releases.map((r) => r.tag)).toEqual([
      ['tender'],
      ['award'],
      ['awardCancellation'],
    ])
    expect(record.compiledRelease.tender!.status).toBe('active')
    expect(record.compiledRelease.awards).toEqual([
      expect.objectContaining({
        id: 'bidResult',
        status: 'cancelled',
        amendments: [
          expect.objectContaining({ rationale: '中标人资格存疑，撤回结果' }),
        ],
      }),
    ])
  })

  it('never changes a release once published: a correction and a republication are releases of their own, each seen by a reader asking since the last', async () => {
    const start = (clock = new Date(clock.getTime() + HOUR_MS))
    const { item: project, id } = await publishedProject('XJSL-OCDS-GC-011')
    const resultFields = (price: string) =>
      announcementFields(id, 'bidResult', '和田河防洪工程中标结果公告', {
        content:
          '<table><tbody><tr><th>中标人</th><td>新疆水利水电工程有限公司</td></tr>' +
          `<tr><th>中标价</th><td>${price}元</td></tr></tbody></table>`,
      })
    const result = await publishItem(
      staff,
      'announcement',
      resultFields('36,100,000.00'),
    )
    const ocid = 'ocds-213czf-XJSL-OCDS-GC-011'
    const since = (at: Date) =>
      `/ocds/releases?since=${encodeURIComponent(rfc3339(at))}`
    const ofProcess = async (url: string) =>
      (await get(url, '10.0.0.13'))
        .json<ReleasePackage>()
        .releases.filter((r) => r.ocid === ocid)
    const [published] = await ofProcess(since(start))
    expect(published!.awards![0]!.value).toEqual({
      amount: 36_100_000,
      currency: 'CNY',
    })
    const asPublished = JSON.stringify(published)

    const corrected = new Date(start.getTime() + HOUR_MS)
    clock = corrected
    const correction = await correct(
      result,
      resultFields('35,800,000.00'),
      '中标价更正',
    )
    const republished = new Date(start.getTime() + 2 * HOUR_MS)
    clock = republished
    await correct(correction, resultFields('35,800,000.00'), null)
    // The project's own fields are in every release: changing them states the stages again.
    const edited = new Date(start.getTime() + 3 * HOUR_MS)
    clock = edited
    await correct(
      project,
      projectFields('XJSL-OCDS-GC-011', { name: '和田河防洪治理工程' }),
      null,
    )

    const releases = await ofProcess(since(start))
    // The publication is byte for byte what it was.
    expect(JSON.stringify(releases[0])).toBe(asPublished)
    expect(releases.map((r) => [r.id, r.tag, r.date])).toEqual([
      [published!.id, ['award'], rfc3339(start)],
      [
        `${published!.id}-correction-${rfc3339(corrected).slice(0, 19).replace(/[-:]/g, '')}`,
        ['awardUpdate'],
        rfc3339(corrected),
      ],
      [
        `${published!.id}-update-${rfc3339(republished).slice(0, 19).replace(/[-:]/g, '')}`,
        ['award'],
        rfc3339(republished),
      ],
      [
        `${published!.id}-update-${rfc3339(edited).slice(0, 19).replace(/[-:]/g, '')}`,
        ['award'],
        rfc3339(edited),
      ],
    ])
    expect(releases.slice(1).map((r) => r.awards![0]!.value)).toEqual([
      { amount: 35_800_000, currency: 'CNY' },
      { amount: 35_800_000, currency: 'CNY' },
      { amount: 35_800_000, currency: 'CNY' },
    ])
    const name = published!.tender!.title
    expect(name).not.toBe('和田河防洪治理工程')
    expect(releases.map((r) => r.tender!.title)).toEqual([
      name,
      name,
      name,
      '和田河防洪治理工程',
    ])
    // A reader that asks again from the last date it read sees every later change.
    expect((await ofProcess(since(corrected))).map((r) => r.id)).toEqual(
      releases.slice(1).map((r) => r.id),
    )
    const record = (
      await get(`/ocds/records/${ocid}`, '10.0.0.13')
    ).json<RecordPackage>().records[0]!
    expect(record.releases).toEqual(releases)
    expect(record.compiledRelease.awards).toEqual([
      expect.objectContaining({
        value: { amount: 35_800_000, currency: 'CNY' },
      }),
    ])
    expect(record.compiledRelease.tender!.title).toBe('和田河防洪治理工程')
  })

  it('marks a withdrawn project as withdrawn under its ocid, after its announcements', async () => {
    const start = (clock = new Date(clock.getTime() + HOUR_MS))
    const { item, id } = await publishedProject('XJSL-OCDS-GC-002')
    await publishItem(
      staff,
      'announcement',
      announcementFields(id, 'entry', '喀什噶尔河灌区项目入场'),
    )
    clock = new Date(start.getTime() + HOUR_MS)
    await withdraw(item, '项目暂缓实施')
    const record = (
      await get('/ocds/records/ocds-213czf-XJSL-OCDS-GC-002', '10.0.0.3')
    ).json<RecordPackage>().records[0]!
    expect(record.releases.map((r) => r.tag)).toEqual([
      ['planning'],
      ['tenderAmendment'],
    ])
    expect(record.compiledRelease.tender).toMatchObject({
      status: 'withdrawn',
      amendments: [expect.objectContaining({ rationale: '项目暂缓实施' })],
    })
  })

  it('makes the year’s bulk file again after a publication, and answers 304 while it is the same', async () => {
    clock = new Date(clock.getTime() + HOUR_MS)
    const year = toShanghaiText(clock).slice(0, 4)
    const url = `/ocds/bulk/${year}.jsonl.gz`
    const before = await get(url, '10.0.0.4')
    expect(before.statusCode).toBe(200)
    const etag = before.headers.etag as string
    expect(
      (await get(url, '10.0.0.4', { 'if-none-match': etag })).statusCode,
    ).toBe(304)

    const { id } = await publishedProject('XJSL-OCDS-GC-003')
    await publishItem(
      staff,
      'announcement',
      announcementFields(id, 'entry', '阿克苏河灌区节水改造项目入场'),
    )
    const after = await get(url, '10.0.0.4', { 'if-none-match': etag })
    expect(after.statusCode).toBe(200)
    expect(after.headers.etag).not.toBe(etag)
    const lines = gunzipSync(after.rawPayload)
      .toString('utf8')
      .trim()
      .split('\n')
    expect(JSON.parse(lines.at(-1)!).releases[0].ocid).toBe(
      'ocds-213czf-XJSL-OCDS-GC-003',
    )
    expect(lines.length).toBe(
      gunzipSync(before.rawPayload).toString('utf8').trim().split('\n').length +
        1,
    )
  })

  it('gives a party with published credit records those records and its credit code as its identifier, and takes them back on withdrawal', async () => {
    clock = new Date(clock.getTime() + HOUR_MS)
    const agency = '新疆润泽招标咨询有限公司'
    const code = '91650100MA77TXR315'
    const ocid = 'ocds-213czf-XJSL-OCDS-GC-004'
    const { id } = await publishedProject('XJSL-OCDS-GC-004', { agency })
    await publishItem(
      staff,
      'announcement',
      announcementFields(id, 'bidNotice', '博斯腾湖引水工程招标公告'),
    )
    const partyOf = async (ip: string) => {
      const answer = await get(`/ocds/records/${ocid}`, ip)
      expect(answer.statusCode).toBe(200)
      const body = answer.json<RecordPackage>()
      expect(schemaErrors(ocdsValidators.recordPackage, body)).toEqual([])
      const { compiledRelease } = body.records[0]!
      expectValidRelease(compiledRelease)
      return compiledRelease.parties!.find((p) => p.name === agency)!
    }
    const bulkLines = async (ip: string) => {
      const year = toShanghaiText(clock).slice(0, 4)
      const answer = await get(`/ocds/bulk/${year}.jsonl.gz`, ip)
      return gunzipSync(answer.rawPayload).toString('utf8')
    }
    const before = await partyOf('10.0.0.12')
    expect(before.id).toMatch(/^org-/)
    expect(before).not.toHaveProperty('details')
    expect(await bulkLines('10.0.0.12')).not.toContain(code)

    const decisionDate = toShanghaiText(clock).slice(0, 10)
    const credit = await publishItem(
      staff,
      'credit',
      creditFields(agency, {
        partyKind: 'agency',
        creditCode: code,
        decisionDate,
      }),
    )
    const creditId = publicIdOf(credit)
    const after = await partyOf('10.0.0.12')
    expect(after).toEqual({
      id: `CN-SAIC-${code}`,
      name: agency,
      identifier: { scheme: 'CN-SAIC', id: code, legalName: agency },
      roles: ['procuringEntity'],
      details: {
        creditRecords: [
          {
            id: creditId,
            url: `http://127.0.0.1:3000/credit/detail?id=${creditId}`,
            decisionDate,
            decisionType: 'penalty',
            authority: '新疆维吾尔自治区水利厅',
            status: 'public',
          },
        ],
      },
    })
    // Every release of the process names the party by the same id; the bulk file at once too.
    const record = (
      await get(`/ocds/records/${ocid}`, '10.0.0.12')
    ).json<RecordPackage>().records[0]!
    for (const release of record.releases)
      expect(release.parties!.find((p) => p.name === agency)!.id).toBe(
        `CN-SAIC-${code}`,
      )
    expect(record.compiledRelease.tender!.procuringEntity).toEqual({
      id: `CN-SAIC-${code}`,
      name: agency,
    })
    expect(await bulkLines('10.0.0.12')).toContain(`CN-SAIC-${code}`)

    await withdraw(credit, '处罚决定已被撤销')
    const withdrawn = await partyOf('10.0.0.12')
    expect(withdrawn.id).toBe(before.id)
    expect(withdrawn).not.toHaveProperty('details')
    expect(await bulkLines('10.0.0.12')).not.toContain(code)
  })

  it('still serves every package valid once announcements were corrected and withdrawn', async () => {
    // An announcement of this test's own, corrected and then withdrawn, so that the test holds
    // in any order.
    const { id } = await publishedProject('XJSL-OCDS-GC-009')
    const fields = announcementFields(
      id,
      'bidNotice',
      '玛纳斯河渠首改建工程招标公告',
    )
    const notice = await publishItem(staff, 'announcement', fields)
    clock = new Date(clock.getTime() + HOUR_MS)
    const corrected = await correct(
      notice,
      { ...fields, content: '<p>投标截止时间更正为2026年12月29日10时。</p>' },
      '更正投标截止时间',
    )
    clock = new Date(clock.getTime() + HOUR_MS)
    await withdraw(corrected, '招标范围调整，撤回后重新发布')

    const releases = await checkEverything('10.0.0.5')
    expect(
      releases
        .filter((r) => r.ocid === 'ocds-213czf-XJSL-OCDS-GC-009')
        .map((r) => r.tag),
    ).toEqual([['tender'], ['tenderAmendment'], ['tenderCancellation']])
  })

  it('lets any origin read, answering the preflight and carrying the header on refusals too', async () => {
    const ok = await get('/ocds/releases', '10.0.0.6', {
      origin: 'https://example.org',
    })
    expect(ok.headers['access-control-allow-origin']).toBe('*')
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/ocds/releases?page=2',
      remoteAddress: '10.0.0.6',
      headers: {
        origin: 'https://example.org',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD, OPTIONS',
      'access-control-allow-headers': 'if-none-match',
    })
    for (const url of [
      '/ocds/releases?since=yesterday',
      '/ocds/nothing-here',
    ]) {
      const refused = await get(url, '10.0.0.6', { origin: 'https://x.org' })
      expect(refused.statusCode).toBeGreaterThanOrEqual(400)
      expect(refused.headers['access-control-allow-origin']).toBe('*')
    }
  })

  it.each([
    ['/ocds/releases?since=yesterday', 400, 'invalid_since'],
    ['/ocds/releases?since=2026-02-30', 400, 'invalid_since'],
    ['/ocds/releases?since=2026-01-01T08:00:00', 400, 'invalid_since'],
    ['/ocds/releases?since=2026-01-01&since=2026-02-01', 400, 'invalid_since'],
    ['/ocds/releases?page=0', 400, 'invalid_page'],
    ['/ocds/releases?page=-3', 400, 'invalid_page'],
    ['/ocds/releases?page=1.5', 400, 'invalid_page'],
    ['/ocds/releases?page=abc', 400, 'invalid_page'],
    ['/ocds/releases?after=yesterday', 400, 'invalid_after'],
    ['/ocds/releases?after=20261124T101500.5.1', 400, 'invalid_after'],
    ['/ocds/releases?after=20261124T101500.1.1&page=2', 400, 'invalid_after'],
    ['/ocds/releases?after=99991231T235959.4.1', 404, 'no_releases'],
    ['/ocds/releases?page=99999', 404, 'page_out_of_range'],
    ['/ocds/releases?since=9000-01-01', 404, 'no_releases'],
    ['/ocds/records/ocds-213czf-NO-SUCH-PROJECT', 404, 'unknown_ocid'],
    ['/ocds/records/ocds-abcdef-XJSL-OCDS-GC-001', 404, 'unknown_ocid'],
    ['/ocds/records/ocds-213czf-', 404, 'unknown_ocid'],
    ['/ocds/bulk/1999.jsonl.gz', 404, 'unknown_year'],
    ['/ocds/bulk/latest.jsonl.gz', 404, 'unknown_year'],
    ['/ocds/bulk/2026.json', 404, 'unknown_year'],
    ['/ocds/nothing-here', 404, 'not_found'],
  ])(
    'answers %s with %i and the code %s, in Chinese',
    async (url, status, code) => {
      const answer = await get(url, '10.0.0.7')
      expect(answer.statusCode).toBe(status)
      expect(answer.headers['content-type']).toContain('application/json')
      const body = answer.json<{ code: string; message: string }>()
      expect(body.code).toBe(code)
      expect(body.message).toMatch(/[\u4e00-\u9fff]/)
    },
  )

  it('refuses an address over its limit with JSON, and a bulk file sooner', async () => {
    for (let i = 0; i < 120; i++)
      expect((await get('/ocds/releases?page=0', '10.0.0.8')).statusCode).toBe(
        400,
      )
    const refused = await get('/ocds/releases', '10.0.0.8')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      code: 'rate_limited',
      message: '请求过于频繁，请稍后再试',
    })
    expect(refused.headers['retry-after']).toBeDefined()
    expect(refused.headers['access-control-allow-origin']).toBe('*')
    // Another address is not held back by it.
    expect((await get('/ocds/', '10.0.0.9')).statusCode).toBe(200)

    for (let i = 0; i < 20; i++)
      expect(
        (await get('/ocds/bulk/1999.jsonl.gz', '10.0.0.10')).statusCode,
      ).toBe(404)
    const bulk = await get('/ocds/bulk/1999.jsonl.gz', '10.0.0.10')
    expect(bulk.statusCode).toBe(429)
    expect(bulk.json().code).toBe('rate_limited')
  })
})
