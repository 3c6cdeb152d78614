import { describe, expect, it } from 'vitest'

import {
  codelistProblems,
  ocdsValidators,
  schemaErrors,
} from '#tests/ocds-schemas.ts'

import { lookUpParties, noPartyDetails, partyId } from './ocds-parties.ts'
import { buildRelease } from './ocds-release.ts'
import {
  factsOf,
  type OcdsAnnouncement,
  type OcdsFile,
  type OcdsProject,
  type Release,
  type ReleaseEvent,
} from './ocds-release-event.ts'
import { partiesNamed } from './ocds-release-parties.ts'

const settings = {
  ocidPrefix: 'ocds-213czf',
  baseUrl: 'https://jd.example.gov.cn',
}

const construction: OcdsProject = {
  id: 7,
  code: 'XJSL-GC-2026-001',
  name: '塔里木河干流防洪治理工程（二期）施工',
  category: 1,
  subType: 101,
  tenderer: '新疆塔里木河流域管理局',
  agency: '新疆诚信招标代理有限公司',
  amount: 3860.5,
  tradeMode: '公开招标',
  fundSource: '中央预算内投资',
  openingTime: '2026-12-22 10:30:00',
  withdrawnAt: null,
  withdrawalReason: null,
}

const announcement = (
  stage: string,
  overrides: Partial<OcdsAnnouncement> = {},
): OcdsAnnouncement => ({
  id: 31,
  projectId: construction.id,
  stage,
  title: `塔里木河干流防洪治理工程（二期）施工${stage}`,
  content: '<p>详见附件。</p>',
  publishTime: '2026-11-24 10:00:00',
  withdrawnAt: null,
  withdrawalReason: null,
  correctedAt: null,
  correctionNote: '',
  ...overrides,
})

const RESULT_TABLE =
  '<table><tbody><tr><th>中标人</th><td>新疆水利水电工程有限公司</td></tr>' +
  '<tr><th>中标价</th><td>36,100,000.00元（3,610.00万元）</td></tr></tbody></table>'

/** The release of an event, made as the service makes it, and checked against the schema. */
async function release(event: ReleaseEvent): Promise<Release> {
  const facts = factsOf(event)
  const parties = await lookUpParties(
    partiesNamed(event, facts),
    noPartyDetails,
  )
  const made = buildRelease(event, settings, parties, facts)
  expect(schemaErrors(ocdsValidators.release, made)).toEqual([])
  expect(codelistProblems(made, ['partyRole.csv', 'documentType.csv'])).toEqual(
    [],
  )
  return made
}

const publication = (
  a: OcdsAnnouncement,
  project = construction,
  files: OcdsFile[] = [],
): ReleaseEvent => ({ change: 'publication', project, announcement: a, files })

describe('a stage announcement as an OCDS release', () => {
  it('makes the project entry a planning release, with the buyer and the agency as procuring entity', async () => {
    const made = await release(publication(announcement('entry')))
    expect(made).toMatchObject({
      ocid: 'ocds-213czf-XJSL-GC-2026-001',
      id: 'entry-31',
      date: '2026-11-24T10:00:00+08:00',
      tag: ['planning'],
      initiationType: 'tender',
      buyer: { name: '新疆塔里木河流域管理局' },
      planning: { budget: { description: '资金来源：中央预算内投资' } },
      tender: {
        id: 'XJSL-GC-2026-001',
        status: 'planned',
        // 3860.5 万元 in yuan.
        value: { amount: 38_605_000, currency: 'CNY' },
        procurementMethod: 'open',
        procurementMethodDetails: '公开招标',
        mainProcurementCategory: 'works',
        items: [
          {
            classification: {
              scheme: 'CN-XJSL-TRADE',
              id: '101',
              description: '工程建设/施工',
            },
          },
        ],
      },
    })
    expect(
      (made.parties as { name: string; roles: string[] }[]).map((p) => [
        p.name,
        p.roles,
      ]),
    ).toEqual([
      ['新疆塔里木河流域管理局', ['buyer']],
      ['新疆诚信招标代理有限公司', ['procuringEntity']],
    ])
  })

  it('makes a tender notice a tender release whose period runs to the opening, linking its page and files absolutely', async () => {
    const made = await release(
      publication(announcement('bidNotice'), construction, [
        { id: 'f1', name: '招标文件 第1册.pdf', mime: 'application/pdf' },
      ]),
    )
    expect(made.tag).toEqual(['tender'])
    expect(made.tender).toMatchObject({
      status: 'active',
      tenderPeriod: {
        startDate: '2026-11-24T10:00:00+08:00',
        endDate: '2026-12-22T10:30:00+08:00',
      },
      documents: [
        {
          documentType: 'tenderNotice',
          url: 'https://jd.example.gov.cn/business/detail?id=7&stage=bidNotice',
          format: 'text/html',
        },
        {
          title: '招标文件 第1册.pdf',
          url: `https://jd.example.gov.cn/files/f1/${encodeURIComponent('招标文件 第1册.pdf')}`,
          format: 'application/pdf',
        },
      ],
    })
  })

  it('names the bidders of the opening record as tenderers, counted', async () => {
    const made = await release(
      publication(
        announcement('bidOpening', {
          content:
            '<table><thead><tr><th>序号</th><th>投标人名称</th><th>投标报价（元）</th></tr></thead>' +
            '<tbody><tr><td>1</td><td>甲公司</td><td>1.00</td></tr><tr><td>2</td><td>乙公司</td><td>2.00</td></tr></tbody></table>',
        }),
      ),
    )
    expect(made.tag).toEqual(['tenderUpdate'])
    expect(made.tender).toMatchObject({
      numberOfTenderers: 2,
      tenderers: [{ name: '甲公司' }, { name: '乙公司' }],
    })
    expect(
      (made.parties as { name: string; roles: string[] }[]).slice(2),
    ).toMatchObject([
      { name: '甲公司', roles: ['tenderer'] },
      { name: '乙公司', roles: ['tenderer'] },
    ])
  })

  it('makes a result notice an award to the winner at the price it states, in CNY', async () => {
    const made = await release(
      publication(announcement('bidResult', { content: RESULT_TABLE })),
    )
    expect(made.tag).toEqual(['award'])
    expect(made.tender).toMatchObject({ status: 'complete' })
    const parties = made.parties as {
      id: string
      name: string
      roles: string[]
    }[]
    const winner = parties.find((p) => p.name === '新疆水利水电工程有限公司')!
    expect(winner.roles).toEqual(['tenderer', 'supplier'])
    expect(made.awards).toEqual([
      expect.objectContaining({
        id: 'bidResult',
        status: 'active',
        value: { amount: 36_100_000, currency: 'CNY' },
        suppliers: [{ id: winner.id, name: winner.name }],
      }),
    ])
  })

  it('names no buyer in a sale of public assets: the seller is paid, the trading centre manages it', async () => {
    const made = await release(
      publication(announcement('propertyListing'), {
        ...construction,
        category: 6,
        subType: 601,
        tenderer: '某国有资产经营有限公司',
        agency: '',
        tradeMode: '挂牌',
        openingTime: null,
      }),
    )
    expect(made.buyer).toBeUndefined()
    expect(made.parties).toEqual([
      expect.objectContaining({
        name: '某国有资产经营有限公司',
        roles: ['procuringEntity', 'payee'],
      }),
    ])
    expect(made.tender).not.toHaveProperty('mainProcurementCategory')
  })

  it('makes a correction a later amendment of the publication, with its note', async () => {
    const corrected = announcement('bidNotice', {
      correctedAt: '2026-11-25 09:00:00',
      correctionNote: '更正开标时间',
    })
    const made = await release({
      change: 'correction',
      project: construction,
      announcement: corrected,
      files: [],
    })
    expect(made).toMatchObject({
      id: 'bidNotice-31-correction-20261125T090000',
      date: '2026-11-25T09:00:00+08:00',
      tag: ['tenderAmendment'],
    })
    expect((made.tender as { amendments: unknown[] }).amendments).toEqual([
      {
        id: 'bidNotice-31-correction-20261125T090000',
        date: '2026-11-25T09:00:00+08:00',
        rationale: '更正开标时间',
        description: '招标公告已更正',
        amendsReleaseID: 'bidNotice-31',
        releaseID: 'bidNotice-31-correction-20261125T090000',
      },
    ])
  })

  it('keeps a withdrawn announcement’s releases, without what the portal took back, and adds the withdrawal', async () => {
    const withdrawn = announcement('bidResult', {
      content: RESULT_TABLE,
      withdrawnAt: '2026-11-26 15:00:00',
      withdrawalReason: '中标结果有误',
    })
    const files = [
      { id: 'f2', name: '中标通知书.pdf', mime: 'application/pdf' },
    ]
    const first = await release(publication(withdrawn, construction, files))
    expect(JSON.stringify(first)).not.toContain('新疆水利水电工程有限公司')
    expect(JSON.stringify(first)).not.toContain(withdrawn.title)
    expect(first.awards).toEqual([
      expect.not.objectContaining({ suppliers: expect.anything() }),
    ])
    const [award] = first.awards as { documents: { title: string }[] }[]
    expect(award!.documents).toEqual([
      expect.objectContaining({ title: '中标结果公告' }),
    ])

    const later = await release({
      change: 'withdrawal',
      project: construction,
      announcement: withdrawn,
      files,
    })
    // The result taken back cancels the award; the tender, complete with it, is active again.
    expect(later).toMatchObject({
      id: 'bidResult-31-withdrawal-20261126T150000',
      tag: ['awardCancellation'],
      tender: { status: 'active' },
      awards: [
        {
          id: 'bidResult',
          status: 'cancelled',
          amendments: [
            {
              rationale: '中标结果有误',
              amendsReleaseID: 'bidResult-31',
              description: '中标结果公告已撤回，不再公开',
            },
          ],
        },
      ],
    })
  })

  it('makes a republication a full release of its stage, dated by the log, numbered when a second comes in the same second', async () => {
    const updated: ReleaseEvent = {
      change: 'update',
      project: construction,
      announcement: announcement('bidResult', { content: RESULT_TABLE }),
      files: [],
      date: '2026-11-27 08:00:00',
    }
    const made = await release(updated)
    expect(made).toMatchObject({
      id: 'bidResult-31-update-20261127T080000',
      date: '2026-11-27T08:00:00+08:00',
      tag: ['award'],
      awards: [{ status: 'active', value: { amount: 36_100_000 } }],
    })
    expect(made.awards).toEqual([
      expect.not.objectContaining({ amendments: expect.anything() }),
    ])
    expect((await release({ ...updated, ordinal: 2 })).id).toBe(
      'bidResult-31-update-20261127T080000-2',
    )
    // Taken back since: the release no longer shows what it said.
    const takenBack = await release({ ...updated, isTakenBack: true })
    expect(JSON.stringify(takenBack)).not.toContain('新疆水利水电工程有限公司')
  })

  it('says a withdrawn project is withdrawn, with the reason', async () => {
    const made = await release({
      change: 'projectWithdrawal',
      project: {
        ...construction,
        withdrawnAt: '2026-11-27 08:00:00',
        withdrawalReason: '项目暂缓实施',
      },
    })
    expect(made).toMatchObject({
      id: 'project-withdrawal-20261127T080000',
      tag: ['tenderAmendment'],
      tender: {
        status: 'withdrawn',
        amendments: [{ rationale: '项目暂缓实施' }],
      },
    })
  })
})

describe('the hook that adds to a party', () => {
  it('asks once per name, and gives the party the identifier and details it answers', async () => {
    const asked: unknown[] = []
    const parties = await lookUpParties(
      [
        { name: '甲公司', creditCode: null },
        { name: '甲公司', creditCode: '91650100MA77ABCD1P' },
        { name: '乙公司', creditCode: null },
      ],
      async (party) => {
        asked.push(party)
        return party.name === '甲公司'
          ? {
              identifier: { scheme: 'CN-USCC', id: party.creditCode ?? '' },
              details: { creditRecords: [{ title: '不良行为记录' }] },
            }
          : null
      },
    )
    expect(asked).toEqual([
      { name: '甲公司', creditCode: '91650100MA77ABCD1P' },
      { name: '乙公司', creditCode: null },
    ])
    expect(parties('甲公司').id).toBe('CN-USCC-91650100MA77ABCD1P')
    expect(parties('乙公司').id).toBe(partyId('乙公司', null))

    const made = buildRelease(
      publication(
        announcement('bidResult', {
          content: RESULT_TABLE.replace('新疆水利水电工程有限公司', '甲公司'),
        }),
      ),
      settings,
      parties,
    )
    expect(schemaErrors(ocdsValidators.release, made)).toEqual([])
    expect(made.parties).toContainEqual({
      id: 'CN-USCC-91650100MA77ABCD1P',
      name: '甲公司',
      identifier: { scheme: 'CN-USCC', id: '91650100MA77ABCD1P' },
      roles: ['tenderer', 'supplier'],
      details: { creditRecords: [{ title: '不良行为记录' }] },
    })
  })

  it('answers without details when the hook fails', async () => {
    const parties = await lookUpParties(
      [{ name: '甲公司', creditCode: null }],
      () => Promise.reject(new Error('down')),
    )
    expect(parties('甲公司')).toEqual({
      id: partyId('甲公司', null),
      extras: null,
    })
  })
})

describe('the checks the releases are held to', () => {
  it('refuse what the schema or a codelist does not allow', () => {
    expect(
      schemaErrors(ocdsValidators.release, {
        id: '1',
        date: '2026-11-24 10:00:00',
        tag: ['tender'],
        initiationType: 'tender',
      }),
    ).toEqual([
      expect.stringContaining("must have required property 'ocid'"),
      expect.stringContaining('must match format "date-time"'),
    ])
    expect(
      codelistProblems(
        {
          tag: ['tender'],
          tender: { status: 'open', value: { amount: 1, currency: 'RMB' } },
          parties: [{ id: 'a', roles: ['seller'] }],
        },
        ['partyRole.csv'],
      ),
    ).toEqual([
      '/tender/status: open (tenderStatus.csv)',
      '/tender/value/currency: RMB (currency.csv)',
      '/parties/0/roles: seller (partyRole.csv)',
    ])
  })
})
