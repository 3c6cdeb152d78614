import { gunzipSync } from 'node:zlib'

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { StageFacts } from '#common/schemas/content/stage-facts.ts'
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
  BIDS_EXTENSION,
  bidsValidators,
  codelistProblems,
  ocdsValidators,
  packageErrors,
  schemaErrors,
  usesBids,
} from '#tests/ocds-schemas.ts'
import {
  bidders,
  bidEvaluationFacts,
  bidOpeningFacts,
  bidResultFacts,
  tenderNoticeFacts,
} from '#tests/stage-facts-fixtures.ts'
import { buildTestApp } from '#tests/test-app.ts'

import { compileReleases } from './ocds-merge.ts'
import { lookUpParties, noPartyDetails, partyId } from './ocds-parties.ts'
import { buildRelease } from './ocds-release.ts'
import {
  factsOf,
  type OcdsAnnouncement,
  type OcdsProject,
  type Release,
  type ReleaseEvent,
} from './ocds-release-event.ts'
import { partiesNamed } from './ocds-release-parties.ts'

const settings = {
  ocidPrefix: 'ocds-213czf',
  baseUrl: 'https://jd.example.gov.cn',
}

const project: OcdsProject = {
  id: 8,
  code: 'XJSL-GC-2025-014',
  name: '三屯河水库除险加固工程施工',
  category: 1,
  subType: 101,
  tenderer: '昌吉州三屯河流域管理处',
  agency: '新疆诚信招标代理有限公司',
  amount: 3000,
  tradeMode: '公开招标',
  fundSource: '中央预算内投资',
  openingTime: '2025-04-24 10:30:00',
  withdrawnAt: null,
  withdrawalReason: null,
}

const PUBLISHED: Record<StageFacts['stage'], string> = {
  bidNotice: '2025-04-02 09:00:00',
  bidOpening: '2025-04-24 16:00:00',
  bidEvaluation: '2025-04-27 09:00:00',
  bidResult: '2025-05-06 09:00:00',
}

// As the release log keeps the row: the facts as JSON text beside the body.
const announcement = (
  facts: StageFacts,
  overrides: Partial<OcdsAnnouncement> = {},
): OcdsAnnouncement => ({
  id: 40 + Object.keys(PUBLISHED).indexOf(facts.stage),
  projectId: project.id,
  stage: facts.stage,
  title: `三屯河水库除险加固工程施工${facts.stage}`,
  content: '<p>详见附件。</p>',
  publishTime: PUBLISHED[facts.stage],
  withdrawnAt: null,
  withdrawalReason: null,
  correctedAt: null,
  correctionNote: '',
  facts: JSON.stringify(facts),
  ...overrides,
})

const publication = (a: OcdsAnnouncement): ReleaseEvent => ({
  change: 'publication',
  project,
  announcement: a,
  files: [],
})

/** Made as the service makes it, and checked against the schema patched by the bids extension. */
async function release(event: ReleaseEvent): Promise<Release> {
  const facts = factsOf(event)
  const parties = await lookUpParties(
    partiesNamed(event, facts),
    noPartyDetails,
  )
  const made = buildRelease(event, settings, parties, facts)
  expect(schemaErrors(bidsValidators.release, made)).toEqual([])
  expect(
    codelistProblems(made, [
      'partyRole.csv',
      'documentType.csv',
      'awardCriteria.csv',
      'statistic.csv',
    ]),
  ).toEqual([])
  return made
}

const bidId = (party: { creditCode: string }) => `bid-${party.creditCode}`
// A party's id is its name's in every release; its code is its identifier.
const idOf = (party: { name: string }) => partyId(party.name, null)
const ref = (party: { name: string }) => ({ id: idOf(party), name: party.name })

type Party = { id: string; name: string; identifier?: unknown; roles: string[] }
type Bids = { statistics?: unknown[]; details: Record<string, unknown>[] }

describe('a construction tender’s stages as their facts state them', () => {
  it('gives the call for bids its tender period, ceiling price and qualification', async () => {
    const made = await release(publication(announcement(tenderNoticeFacts)))
    expect(made.tag).toEqual(['tender'])
    expect(made.tender).toMatchObject({
      status: 'active',
      // 最高投标限价 as tender.value, in yuan.
      value: { amount: 28_564_000, currency: 'CNY' },
      // From the documents' first day to the deadline for bids.
      tenderPeriod: {
        startDate: '2025-04-02T00:00:00+08:00',
        endDate: '2025-04-24T10:30:00+08:00',
      },
      eligibilityCriteria: '水利水电工程施工总承包二级及以上资质',
      submissionMethodDetails:
        '文件发售期：2025-04-02至2025-04-09；投标截止时间：2025-04-24 10:30:00；' +
        '开标时间：2025-04-24 10:30:00；开标地点：昌吉州公共资源交易中心开标二室',
      description: '投标保证金：500,000.00元',
    })
    expect(usesBids(made)).toBe(false)
  })

  it('lists every bid of the opening record: its bidder by credit code, price and status, and counts them', async () => {
    const made = await release(publication(announcement(bidOpeningFacts)))
    expect(made.tag).toEqual(['tenderUpdate'])
    const opened = '2025-04-24T10:30:00+08:00'
    expect(made.bids).toEqual({
      statistics: [{ id: 'bids', measure: 'bids', value: 4 }],
      details: [
        {
          id: bidId(bidders.first),
          date: opened,
          submissionType: 'bid',
          status: 'pending',
          tenderers: [ref(bidders.first)],
          value: { amount: 27_980_512.5, currency: 'CNY' },
          description: '工期：365日历天；质量：合格',
        },
        expect.objectContaining({
          id: bidId(bidders.second),
          status: 'pending',
        }),
        // Refused at the opening: no date of its own, and the reason.
        {
          id: bidId(bidders.third),
          submissionType: 'bid',
          status: 'disqualified',
          tenderers: [ref(bidders.third)],
          value: { amount: 26_500_000, currency: 'CNY' },
          description:
            '开标时未开启：投标文件逾期送达；工期：365日历天；质量：合格',
        },
        expect.objectContaining({
          id: bidId(bidders.fourth),
          status: 'pending',
        }),
      ],
    })
    expect(made.tender).toMatchObject({
      numberOfTenderers: 4,
      tenderers: Object.values(bidders).map(ref),
    })
    const parties = made.parties as Party[]
    expect(parties.slice(2)).toEqual(
      Object.values(bidders).map((bidder) => ({
        id: idOf(bidder),
        name: bidder.name,
        identifier: {
          scheme: 'CN-SAIC',
          id: bidder.creditCode,
          legalName: bidder.name,
        },
        roles: ['tenderer'],
      })),
    )
  })

  it('marks the evaluation’s candidates valid in their rank and the bids it rejected disqualified, by the award criteria', async () => {
    const made = await release(publication(announcement(bidEvaluationFacts)))
    expect(made.tag).toEqual(['tenderUpdate'])
    expect(made.tender).toMatchObject({
      awardCriteria: 'ratedCriteria',
      awardCriteriaDetails: '综合评估法',
      tenderers: [ref(bidders.first), ref(bidders.second), ref(bidders.fourth)],
    })
    expect((made.bids as Bids).details).toEqual([
      {
        id: bidId(bidders.first),
        status: 'valid',
        tenderers: [ref(bidders.first)],
        value: { amount: 27_980_512.5, currency: 'CNY' },
        description: '中标候选人第1名；评标得分：92.35',
        hasRank: true,
        rank: 1,
      },
      expect.objectContaining({ status: 'valid', rank: 2 }),
      {
        id: bidId(bidders.fourth),
        status: 'disqualified',
        tenderers: [ref(bidders.fourth)],
        description: '评标委员会否决：未按招标文件要求提交投标保证金',
      },
    ])
    const [page] = (made.tender as { documents: Record<string, unknown>[] })
      .documents
    expect(page).toMatchObject({
      documentType: 'evaluationReports',
      description:
        '评标报告提交日期：2025-04-25；公示期：2025-04-27至2025-04-29；评标委员会：7人',
    })
  })

  it('awards the winner at its price on the day of the award notice, and states the contract signed', async () => {
    const made = await release(publication(announcement(bidResultFacts)))
    expect(made.tag).toEqual(['award', 'contract'])
    expect(made.awards).toEqual([
      expect.objectContaining({
        id: 'bidResult',
        status: 'active',
        date: '2025-05-06T00:00:00+08:00',
        value: { amount: 27_980_512.5, currency: 'CNY' },
        suppliers: [ref(bidders.first)],
        relatedBids: [bidId(bidders.first)],
      }),
    ])
    expect(made.contracts).toEqual([
      {
        id: 'bidResult',
        awardID: 'bidResult',
        status: 'active',
        value: { amount: 27_980_512.5, currency: 'CNY' },
        dateSigned: '2025-05-20T00:00:00+08:00',
      },
    ])
    const winner = (made.parties as Party[]).find(
      (party) => party.id === idOf(bidders.first),
    )
    expect(winner?.roles).toEqual(['tenderer', 'supplier'])

    // Before the contract is signed there is none; a correction that adds it updates it.
    const unsigned = {
      ...bidResultFacts,
      contractDate: null,
      contractAmount: null,
    }
    const before = await release(publication(announcement(unsigned)))
    expect(before.tag).toEqual(['award'])
    expect(before).not.toHaveProperty('contracts')
    const corrected = await release({
      change: 'correction',
      project,
      announcement: announcement(bidResultFacts, {
        correctedAt: '2025-05-21 09:00:00',
        correctionNote: '补充合同签订信息',
      }),
      files: [],
    })
    expect(corrected.tag).toEqual(['awardUpdate', 'contractUpdate'])
    expect(corrected.contracts).toHaveLength(1)
    const amountOnly = await release(
      publication(announcement({ ...unsigned, contractAmount: 27_000_000 })),
    )
    expect(amountOnly.contracts).toEqual([
      expect.objectContaining({ status: 'pending' }),
    ])
  })

  it('compiles the four stages into one record whose bids carry what the evaluation said last', async () => {
    const releases = await Promise.all(
      [
        tenderNoticeFacts,
        bidOpeningFacts,
        bidEvaluationFacts,
        bidResultFacts,
      ].map((facts) => release(publication(announcement(facts)))),
    )
    const compiled = compileReleases(releases)
    expect(schemaErrors(bidsValidators.release, compiled)).toEqual([])
    const details = (compiled.bids as Bids).details
    expect(details.map((bid) => [bid.id, bid.status, bid.rank])).toEqual([
      [bidId(bidders.first), 'valid', 1],
      [bidId(bidders.second), 'valid', 2],
      [bidId(bidders.third), 'disqualified', undefined],
      [bidId(bidders.fourth), 'disqualified', undefined],
    ])
    expect(compiled.bids).toMatchObject({
      statistics: [{ measure: 'bids', value: 4 }],
    })
    expect(compiled.contracts).toEqual([
      expect.objectContaining({ awardID: 'bidResult', status: 'active' }),
    ])
    // One party per company, known by its credit code across the stages.
    const ids = (compiled.parties as Party[]).map((party) => party.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('takes the facts back with the announcement: a withdrawn result names no winner, bid or contract', async () => {
    const withdrawn = announcement(bidResultFacts, {
      withdrawnAt: '2025-05-08 15:00:00',
      withdrawalReason: '中标结果有误',
    })
    const first = await release(publication(withdrawn))
    expect(first.tag).toEqual(['award'])
    expect(usesBids(first)).toBe(false)
    expect(first).not.toHaveProperty('contracts')
    expect(JSON.stringify(first)).not.toContain(bidders.first.creditCode)
    const later = await release({
      change: 'withdrawal',
      project,
      announcement: withdrawn,
      files: [],
    })
    expect(later.tag).toEqual(['awardCancellation'])
    expect(JSON.stringify(later)).not.toContain(bidders.first.creditCode)
    const opening = await release({
      ...publication(announcement(bidOpeningFacts)),
      isTakenBack: true,
    })
    expect(opening).not.toHaveProperty('bids')
  })

  it('makes a release without facts as before: none given, none logged, or facts that no longer read', async () => {
    for (const facts of [
      tenderNoticeFacts,
      bidOpeningFacts,
      bidEvaluationFacts,
      bidResultFacts,
    ]) {
      const without = await release(
        publication(announcement(facts, { facts: null })),
      )
      expect(usesBids(without)).toBe(false)
      expect(schemaErrors(ocdsValidators.release, without)).toEqual([])
      const { facts: _facts, ...logged } = announcement(facts)
      expect(await release(publication(logged))).toEqual(without)
      const another =
        facts.stage === 'bidResult' ? bidOpeningFacts : bidResultFacts
      for (const text of ['{"stage":', JSON.stringify(another)])
        expect(
          await release(publication(announcement(facts, { facts: text }))),
        ).toEqual(without)
    }
    // The call for bids without facts: from its publication to the project's opening.
    const notice = await release(
      publication(announcement(tenderNoticeFacts, { facts: null })),
    )
    expect(notice.tender).toMatchObject({
      // The project's 3000 万元.
      value: { amount: 30_000_000, currency: 'CNY' },
      tenderPeriod: {
        startDate: '2025-04-02T09:00:00+08:00',
        endDate: '2025-04-24T10:30:00+08:00',
      },
    })
    expect(notice.tender).not.toHaveProperty('eligibilityCriteria')
  })
})

describe('the checks the bids are held to', () => {
  it('refuse a bid status outside bidStatus, and a package that uses bids without listing the extension', async () => {
    const made = await release(publication(announcement(bidOpeningFacts)))
    const [bid] = (made.bids as Bids).details
    const invalid = {
      ...made,
      bids: { details: [{ ...bid, status: 'invalid' }] },
    }
    expect(schemaErrors(bidsValidators.release, invalid)).toEqual([
      expect.stringContaining('/bids/details/0/status must be equal to one of'),
    ])
    // 1.1.5 alone does not know the field, and lets it pass: hence the extension.
    expect(schemaErrors(ocdsValidators.release, invalid)).toEqual([])
    const body = {
      uri: 'https://jd.example.gov.cn/ocds/releases?page=1',
      version: '1.1',
      publishedDate: made.date,
      publisher: { name: '平台' },
      releases: [made],
    }
    expect(packageErrors('releasePackage', body)).toEqual([
      '/extensions: the bids extension is used but not listed',
    ])
    expect(
      packageErrors('releasePackage', {
        ...body,
        extensions: [BIDS_EXTENSION],
      }),
    ).toEqual([])
  })
})

type Package = {
  extensions?: string[]
  releases: Release[]
  records: { releases: Release[]; compiledRelease: Release }[]
}

const HOUR_MS = 3_600_000
const STAGE_TITLES: Record<StageFacts['stage'], string> = {
  bidNotice: '招标公告',
  bidOpening: '开标记录',
  bidEvaluation: '中标候选人公示',
  bidResult: '中标结果公告',
}

describe.each(testEngines)(
  'a tender published with its facts, at /ocds/ on %s',
  (engine) => {
    let t: TestDatabase
    let app: FastifyInstance
    let staff: Awaited<ReturnType<typeof contentStaff>>
    // After the demo content's releases.
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

    const get = async <T>(url: string) => {
      const answer = await app.inject({
        method: 'GET',
        url,
        remoteAddress: '10.0.1.1',
      })
      expect(answer.statusCode, answer.body).toBe(200)
      return answer.json<T>()
    }

    /** A 工程建设 project, and its stages published one hour apart through review. */
    async function tender(code: string, stages: [StageFacts, boolean][]) {
      const id = publicIdOf(
        await publishItem(staff, 'project', projectFields(code)),
      )
      const items: ContentItemDetail[] = []
      for (const [facts, hasFacts] of stages) {
        clock = new Date(clock.getTime() + HOUR_MS)
        items.push(
          await publishItem(
            staff,
            'announcement',
            announcementFields(id, facts.stage, STAGE_TITLES[facts.stage], {
              facts: hasFacts ? facts : null,
            }),
          ),
        )
      }
      return { id, items, ocid: `ocds-213czf-${code}` }
    }

    it('carries the four stages’ facts as tender period and value, bids, an award and its contract, valid with the bids extension', async () => {
      const start = clock
      const { ocid } = await tender('XJSL-OCDS-FACTS-001', [
        [tenderNoticeFacts, true],
        [bidOpeningFacts, true],
        [bidEvaluationFacts, true],
        [bidResultFacts, true],
      ])
      const record = await get<Package>(`/ocds/records/${ocid}`)
      expect(packageErrors('recordPackage', record)).toEqual([])
      expect(record.extensions).toEqual([BIDS_EXTENSION])
      const [{ releases, compiledRelease }] = record.records as [
        Package['records'][number],
      ]
      expect(releases.map((r) => r.tag)).toEqual([
        ['tender'],
        ['tenderUpdate'],
        ['tenderUpdate'],
        ['award', 'contract'],
      ])
      const [notice, opening, evaluation, result] = releases
      expect(notice!.tender).toMatchObject({
        value: { amount: 28_564_000, currency: 'CNY' },
        tenderPeriod: {
          startDate: '2025-04-02T00:00:00+08:00',
          endDate: '2025-04-24T10:30:00+08:00',
        },
      })
      expect((opening!.bids as Bids).details.map((b) => b.status)).toEqual([
        'pending',
        'pending',
        'disqualified',
        'pending',
      ])
      expect((evaluation!.bids as Bids).details.map((b) => b.status)).toEqual([
        'valid',
        'valid',
        'disqualified',
      ])
      expect(result!.awards).toEqual([
        expect.objectContaining({
          suppliers: [ref(bidders.first)],
          value: { amount: 27_980_512.5, currency: 'CNY' },
        }),
      ])
      expect(result!.contracts).toEqual([
        expect.objectContaining({
          awardID: 'bidResult',
          dateSigned: '2025-05-20T00:00:00+08:00',
        }),
      ])
      const supplier = (compiledRelease.parties as Party[]).find(
        (party) => party.id === idOf(bidders.first),
      )
      expect(supplier).toMatchObject({
        identifier: { scheme: 'CN-SAIC', id: bidders.first.creditCode },
        roles: ['tenderer', 'supplier'],
      })
      for (const made of [...releases, compiledRelease])
        expect(
          codelistProblems(made, [
            'partyRole.csv',
            'documentType.csv',
            'awardCriteria.csv',
            'statistic.csv',
          ]),
        ).toEqual([])

      // The pages and the bulk file list the extension where their releases use it.
      const since = encodeURIComponent(
        `${toShanghaiText(start).replace(' ', 'T')}+08:00`,
      )
      const page = await get<Package>(`/ocds/releases?since=${since}`)
      expect(packageErrors('releasePackage', page)).toEqual([])
      expect(page.extensions).toEqual([BIDS_EXTENSION])
      const bulk = await app.inject({
        method: 'GET',
        url: `/ocds/bulk/${toShanghaiText(clock).slice(0, 4)}.jsonl.gz`,
        remoteAddress: '10.0.1.1',
      })
      const lines = gunzipSync(bulk.rawPayload)
        .toString('utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Package)
        .filter((line) => line.releases[0]!.ocid === ocid)
      for (const line of lines)
        expect(packageErrors('releasePackage', line)).toEqual([])
      expect(lines.map((line) => line.extensions ?? [])).toEqual([
        [],
        [BIDS_EXTENSION],
        [BIDS_EXTENSION],
        [BIDS_EXTENSION],
      ])
    })

    it('leaves a tender without facts as it was, valid without the extension', async () => {
      const { ocid } = await tender('XJSL-OCDS-FACTS-002', [
        [tenderNoticeFacts, false],
        [bidOpeningFacts, false],
        [bidResultFacts, false],
      ])
      const record = await get<Package>(`/ocds/records/${ocid}`)
      expect(record).not.toHaveProperty('extensions')
      expect(schemaErrors(ocdsValidators.recordPackage, record)).toEqual([])
      const [{ releases }] = record.records as [Package['records'][number]]
      expect(releases.map((r) => r.tag)).toEqual([
        ['tender'],
        ['tenderUpdate'],
        ['award'],
      ])
      expect(releases.some(usesBids)).toBe(false)
      expect(releases[0]!.tender).toMatchObject({
        // The project's 3860.5 万元, from the notice's publication to the project's opening.
        value: { amount: 38_605_000, currency: 'CNY' },
        tenderPeriod: { endDate: '2026-12-22T10:30:00+08:00' },
      })
      expect(releases[0]!.tender).not.toHaveProperty('eligibilityCriteria')
    })

    it('never changes a published release: the contract added by a correction is a release of its own', async () => {
      const unsigned = {
        ...bidResultFacts,
        contractDate: null,
        contractAmount: null,
      }
      const { id, items, ocid } = await tender('XJSL-OCDS-FACTS-003', [
        [unsigned, true],
      ])
      const before = await get<Package>(`/ocds/records/${ocid}`)
      const [published] = before.records[0]!.releases
      expect(published!.tag).toEqual(['award'])
      clock = new Date(clock.getTime() + HOUR_MS)
      const [item] = items
      const saved = await staff.editor.call(
        'PUT',
        `/content/items/${item!.id}/draft`,
        {
          kind: item!.kind,
          fields: announcementFields(id, 'bidResult', '中标结果公告', {
            facts: bidResultFacts,
          }),
          base: baseOf(item!),
          isCorrection: true,
          correctionNote: '补充合同签订信息',
        },
      )
      expect(saved.statusCode, saved.body).toBe(200)
      const submitted = await staff.editor.call(
        'POST',
        `/content/items/${item!.id}/submit`,
        { base: baseOf(saved.json()) },
      )
      expect(submitted.statusCode, submitted.body).toBe(200)
      const approved = await staff.reviewer.call(
        'POST',
        `/content/items/${item!.id}/approve`,
        { base: baseOf(submitted.json()) },
      )
      expect(approved.statusCode, approved.body).toBe(200)
      const after = await get<Package>(`/ocds/records/${ocid}`)
      expect(packageErrors('recordPackage', after)).toEqual([])
      const [first, ...later] = after.records[0]!.releases
      expect(first).toEqual(published)
      expect(later.map((r) => r.tag)).toEqual([
        ['awardUpdate', 'contractUpdate'],
      ])
      expect(after.records[0]!.compiledRelease.contracts).toEqual([
        expect.objectContaining({ status: 'active' }),
      ])
    })
  },
)
