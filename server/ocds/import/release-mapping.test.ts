import { describe, expect, it } from 'vitest'

import examplePackage from '#tests/ocds-release-package.json' with { type: 'json' }

import { sanitizeArticleHtml } from '#server/articles/sanitize-article-html.ts'

import { announcementContent, announcementTitle } from './announcement-text.ts'
import { mergePart, releaseHash } from './part-merge.ts'
import { mapRelease, projectCodeOf } from './release-mapping.ts'
import type { Release } from './release-values.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the release is edited freely below
const example = (): any => structuredClone(examplePackage.releases[0])
const map = (release: unknown) => mapRelease(release as Release)

describe('a pushed release in the portal’s fields', () => {
  it('reads the project number after the ocid’s registered prefix', () => {
    expect(projectCodeOf('ocds-xjggzy-XJSL-GC-2026-0815')).toBe(
      'XJSL-GC-2026-0815',
    )
    expect(projectCodeOf('ocds-213czf-A-1')).toBe('A-1')
    for (const ocid of [
      'XJSL-GC-2026-0815',
      'ocds-XJGGZY-A-1',
      'ocds-xjggz-A-1',
      'ocds-xjggzy-',
      'ocds-xjggzy-A 1',
      `ocds-xjggzy-${'A'.repeat(41)}`,
    ])
      expect(projectCodeOf(ocid), ocid).toBeNull()
  })

  it('takes the project, the notice, the opening and the result of the documented example', () => {
    const { parts, notTaken } = map(example())
    expect(parts.project).toEqual({
      name: '叶尔羌河下游防洪治理工程（第三标段）施工',
      category: 1,
      subType: 101,
      tenderer: '新疆叶尔羌河流域管理局',
      agency: '新疆诚信招标代理有限公司',
      regionCode: '653100',
      location: '喀什地区莎车县叶尔羌河下游右岸',
      amount: 3120,
      tradeMode: '公开招标',
      fundSource: '中央预算内投资、自治区配套资金',
      openingTime: '2026-09-22 10:30:00',
    })
    expect(parts.bidNotice).toMatchObject({
      documentsFrom: '2026-09-01',
      documentsUntil: '2026-09-07',
      bidDeadline: '2026-09-22 10:30:00',
      ceilingPrice: 28_564_000,
      bidBond: 500_000,
      documents: [
        {
          title: '叶尔羌河下游防洪治理工程（第三标段）施工招标公告',
          url: 'https://ggzy.example.cn/notice/XJSL-GC-2026-0815',
        },
        {
          title: '招标文件',
          url: 'https://ggzy.example.cn/files/XJSL-GC-2026-0815/zbwj.pdf',
        },
      ],
    })
    expect(parts.bidOpening).toEqual({
      bids: [
        ['新疆水利水电工程有限公司', '91650100MA776K2P5G', 27_980_512.5],
        ['新疆天山建设集团有限公司', '91650104MA77QMRX3N', 28_100_000],
        ['伊犁河水利建设有限公司', '91654000MA7B8KQ2W5', 26_950_000],
      ].map(([name, creditCode, price]) => ({
        bidder: { name, creditCode },
        price,
        opened: true,
      })),
    })
    expect(parts.bidResult).toMatchObject({
      winner: {
        name: '新疆水利水电工程有限公司',
        creditCode: '91650100MA776K2P5G',
      },
      price: 27_980_512.5,
      awardNoticeDate: '2026-10-13',
      contractDate: '2026-10-27',
      contractAmount: 27_980_512.5,
    })
    expect(notTaken).toEqual([
      {
        part: 'bidEvaluation',
        reason: expect.stringContaining('评标委员会人数'),
      },
    ])
  })

  it('lists the bids opened: not invitations nor withdrawn bids; a disqualified bid was opened', () => {
    const release = example()
    release.bids.details[0].status = 'withdrawn'
    release.bids.details[1].status = 'disqualified'
    release.bids.details.push({ id: 'bid-4', status: 'invited', tenderers: [] })
    expect(map(release).parts.bidOpening?.bids).toEqual([
      expect.objectContaining({ price: 28_100_000, opened: true }),
      expect.objectContaining({ price: 26_950_000, opened: true }),
    ])
  })

  it('takes the credit code under CN-SAIC too, and leaves the opening out when one bidder has no valid code', () => {
    const release = example()
    release.parties[3].identifier.scheme = 'CN-SAIC'
    expect(map(release).parts.bidOpening?.bids).toHaveLength(3)
    release.parties[4].identifier.id = '91654000MA7B8KQ2W6'
    const { parts, notTaken } = map(release)
    expect(parts.bidOpening).toBeUndefined()
    expect(notTaken).toContainEqual({
      part: 'bidOpening',
      reason: expect.stringMatching(
        /^投标“bid-3”：“伊犁河水利建设有限公司”的统一社会信用代码的最后一位校验码应为 5/,
      ),
    })
  })

  it('takes no amount in another currency, and says why', () => {
    const release = example()
    release.tender.value.currency = 'USD'
    release.tender.minValue = { amount: 20_000_000, currency: 'CNY' }
    const { parts, notTaken } = map(release)
    expect(parts.bidNotice).not.toHaveProperty('ceilingPrice')
    expect(notTaken.map((n) => n.reason)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('最高投标限价未采用'),
        expect.stringContaining('tender.minValue'),
      ]),
    )
  })

  it('makes no result of two active awards, nor of a cancelled one', () => {
    const twice = example()
    twice.awards.push({ ...twice.awards[0], id: 'award-2' })
    expect(map(twice).parts.bidResult).toBeUndefined()
    const cancelled = example()
    cancelled.tag = ['awardCancellation']
    const { parts, notTaken } = map(cancelled)
    expect(parts.bidResult).toBeUndefined()
    expect(notTaken).toContainEqual({
      part: 'bidResult',
      reason: expect.stringMatching(/^awardCancellation：撤销不自动撤回/),
    })
  })

  it('only imports 工程建设 projects', () => {
    const release = example()
    release.tender.items[0].classification.id = '201'
    const { parts, notTaken } = map(release)
    expect(parts.project).not.toHaveProperty('category')
    expect(notTaken[0]).toEqual({
      part: 'project',
      reason: expect.stringMatching(/^只接收工程建设项目/),
    })
  })
})

describe('merging what releases say of a part', () => {
  it('lets a newer release overwrite and an older one only fill gaps', () => {
    const stored = { data: { a: 1, b: 2 }, dateUtc: '2026-10-01T00:00:00.000Z' }
    expect(
      mergePart(stored, { b: 3, c: 4 }, '2026-10-02T00:00:00.000Z'),
    ).toEqual({
      data: { a: 1, b: 3, c: 4 },
      dateUtc: '2026-10-02T00:00:00.000Z',
      taken: ['b', 'c'],
      kept: [],
      isChanged: true,
    })
    expect(
      mergePart(stored, { b: 3, c: 4 }, '2026-09-30T00:00:00.000Z'),
    ).toEqual({
      data: { a: 1, b: 2, c: 4 },
      dateUtc: '2026-10-01T00:00:00.000Z',
      taken: ['c'],
      kept: ['b'],
      isChanged: true,
    })
    expect(
      mergePart(stored, { b: 2 }, '2026-10-02T00:00:00.000Z').isChanged,
    ).toBe(false)
  })

  it('hashes a release by its content, not its keys’ order', () => {
    expect(releaseHash({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(
      releaseHash({ b: { d: 'x', c: [1, 2] }, a: 1 }),
    )
    expect(releaseHash({ a: [1, 2] })).not.toBe(releaseHash({ a: [2, 1] }))
  })
})

describe('the text of an announcement made from pushed data', () => {
  it('is stored as made, so the same data never reads as a change', () => {
    const text = announcementContent('ocds-xjggzy-A<1>', 'bidNotice', [
      {
        title: '招标公告 "正式"',
        url: 'https://ggzy.example.cn/notice?a=1&b=2',
      },
    ])
    expect(text).toContain('OCID：ocds-xjggzy-A&lt;1&gt;')
    expect(text).toContain('href="https://ggzy.example.cn/notice?a=1&amp;b=2"')
    expect(sanitizeArticleHtml(text)).toBe(text)
  })

  it('is titled by its project and stage, within the title’s 200 characters', () => {
    expect(announcementTitle('某工程', 'bidResult')).toBe('某工程中标结果公告')
    expect(announcementTitle('长'.repeat(200), 'bidNotice')).toHaveLength(200)
  })
})
