import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CONTENT_REFUSALS } from '#common/constants/content.ts'
import type {
  ContentItemDetail,
  ContentItemPage,
} from '#common/schemas/content/workflow.ts'
import type { CreditDetail, CreditPage } from '#common/schemas/credit.ts'
import type { CreditFields } from '#common/schemas/content/credit-fields.ts'
import { MSG_NOT_FOUND } from '#common/messages.ts'
import {
  findPartyCreditRecords,
  listNewestCreditRecords,
} from '#server/credit/credit-service.ts'
import { testConfig } from '#tests/app-config.ts'
import { complaintTestApi } from '#tests/complaint-test-api.ts'
import {
  baseOf,
  contentStaff,
  publicIdOf,
  publishItem,
  reviseItem,
} from '#tests/content-test-api.ts'
import { creditFields } from '#tests/credit-fixtures.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'

type Hit = { type: string; refId: number; title: string; typeName: string }
type Page<T> = { Table: T[]; Total: number }

const DAY_MS = 86_400_000
/** An instant on a Shanghai calendar day, at noon there. */
const noonOf = (day: string) => new Date(`${day}T12:00:00+08:00`)

describe.each(testEngines)(
  'public credit records in the content workflow on %s',
  (engine) => {
    let t: TestDatabase
    let app: FastifyInstance
    let staff: Awaited<ReturnType<typeof contentStaff>>
    let portal: ReturnType<typeof complaintTestApi>['portal']
    // The portal's clock: the tests move it across a record's public period.
    let clock = noonOf('2026-11-24')

    beforeAll(async () => {
      t = await createTestDatabase(engine)
      app = await buildTestApp(t, {
        now: () => clock,
        contentScheduleIntervalMs: null,
      })
      staff = await contentStaff(app)
      portal = complaintTestApi(app, {
        ...testConfig(''),
        dataDir: t.dataDir,
      }).portal
    })
    afterAll(async () => {
      await app?.close()
      await t?.destroy()
    })

    const create = (fields: unknown, who: keyof typeof staff = 'editor') =>
      staff[who].call('POST', '/content/items', { kind: 'credit', fields })
    const act = (
      who: keyof typeof staff,
      item: ContentItemDetail,
      action: string,
      body: Record<string, unknown> = {},
    ) =>
      staff[who].call('POST', `/content/items/${item.id}/${action}`, {
        base: baseOf(item),
        ...body,
      })
    const list = async (params: Record<string, unknown>) => {
      const answer = await portal('/Credit/PageList', {
        pageNo: 1,
        pageSize: 20,
        ...params,
      })
      expect(answer.status, answer.envelope.Msg).toBe(200)
      return answer.data as CreditPage
    }
    const detail = async (id: number) =>
      (await portal('/Credit/Detail', { id })).data as CreditDetail
    const search = async (keyword: string, type?: string) =>
      (
        await portal('/Search/PageList', {
          keyword,
          ...(type ? { type } : {}),
          pageNo: 1,
          pageSize: 20,
        })
      ).data as Page<Hit>
    const creditItems = async () =>
      (
        await staff.editor.get('/content/items?kind=credit&pageSize=100')
      ).json<ContentItemPage>().total

    it('is drafted by an editor, refused to its own writer’s review, published by another reviewer and withdrawn with a reason', async () => {
      clock = noonOf('2026-11-24')
      // A party of this test's own: the other tests' records share the fixtures' code.
      const fields = creditFields('新疆恒泰水利建设有限公司', {
        creditCode: '91650100ma77txr429',
        decisionDate: '2026-10-15',
      })

      // A code that is not one is refused at the edge with the reason, and nothing is stored.
      const before = await creditItems()
      const bad = await create({ ...fields, creditCode: '91650100MA77TXR420' })
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toEqual({
        message:
          '统一社会信用代码的最后一位校验码应为 9，请核对是否有输错的字符',
      })
      expect(await creditItems()).toBe(before)

      // Written by the person who holds both roles: submitted, but not theirs to approve.
      const drafted = await create(fields, 'both')
      expect(drafted.statusCode, drafted.body).toBe(200)
      let item = await staff.both.item(drafted.json<{ id: number }>().id)
      expect(item.working).toMatchObject({
        state: 'draft',
        kind: 'credit',
        fields: { creditCode: '91650100MA77TXR429', partyKind: 'bidder' },
      })
      expect(item.publicPath).toBeNull()
      item = (await act('both', item, 'submit')).json()
      const ownReview = await act('both', item, 'approve')
      expect(ownReview.statusCode).toBe(403)
      expect(ownReview.json()).toEqual({ message: CONTENT_REFUSALS.ownDraft })
      expect((await staff.both.item(item.id)).working.state).toBe('submitted')
      // Not on the public side while it waits.
      expect(
        (await list({ keyword: '恒泰水利', status: 'all' })).Table,
      ).toEqual([])

      const approved = await act('reviewer', item, 'approve')
      expect(approved.statusCode, approved.body).toBe(200)
      item = approved.json()
      expect(item.itemState).toBe('published')
      const id = publicIdOf(item)
      expect(item.publicPath).toBe(`/credit/detail?id=${id}`)

      // The console lists it under its kind, filed under the party's kind.
      const listed = (
        await staff.reviewer.get('/content/items?kind=credit&keyword=恒泰')
      ).json<ContentItemPage>()
      expect(listed.items).toEqual([
        expect.objectContaining({
          id: item.id,
          title: '新疆恒泰水利建设有限公司行政处罚决定',
          categoryName: '投标人',
        }),
      ])

      // On the public side at once: its page, the list and the site search.
      expect(await detail(id)).toEqual({
        isWithdrawn: false,
        id,
        partyName: '新疆恒泰水利建设有限公司',
        partyKind: 'bidder',
        partyKindName: '投标人',
        creditCode: '91650100MA77TXR429',
        violation: fields.violation,
        legalBasis: fields.legalBasis,
        decisionType: 'penalty',
        decisionTypeName: '行政处罚决定',
        decision: fields.decision,
        decisionDate: '2026-10-15',
        authority: '新疆维吾尔自治区水利厅',
        documentNumber: '新水罚〔2026〕15号',
        restrictionEndDate: null,
        publicUntil: '2027-04-15',
        status: 'public',
        statusName: '公示中',
        publishTime: '2026-11-24 12:00:00',
      })
      expect(
        (await list({ keyword: '91650100MA77TXR429' })).Table.map((r) => r.id),
      ).toEqual([id])
      const hits = await search('恒泰水利建设')
      expect(hits.Table).toEqual([
        expect.objectContaining({
          type: 'credit',
          typeName: '信用信息',
          refId: id,
          title: '新疆恒泰水利建设有限公司行政处罚决定',
        }),
      ])
      expect(
        (await search('91650100MA77TXR429', 'credit')).Table.map(
          (hit) => hit.refId,
        ),
      ).toEqual([id])

      // What other parts of the portal read of it: the party's records and the newest.
      expect(
        (
          await findPartyCreditRecords(
            t.db,
            { creditCode: '91650100ma77txr429' },
            clock,
          )
        ).map((r) => r.id),
      ).toEqual([id])
      expect(
        (
          await findPartyCreditRecords(
            t.db,
            { name: '新疆恒泰水利建设有限公司' },
            clock,
          )
        ).map((r) => r.id),
      ).toEqual([id])
      expect(await findPartyCreditRecords(t.db, {}, clock)).toEqual([])
      expect((await listNewestCreditRecords(t.db, 1, clock))[0]?.id).toBe(id)

      // A withdrawal needs its reason; with one, the record leaves the list and the search,
      // and its address says only when and why.
      const withdraw = (reason: string) =>
        staff.reviewer.call('POST', `/content/items/${item.id}/withdraw`, {
          reason,
        })
      const noReason = await withdraw('  ')
      expect(noReason.statusCode).toBe(400)
      expect(noReason.json()).toEqual({ message: '请填写撤回原因' })
      expect((await detail(id)).isWithdrawn).toBe(false)
      const withdrawn = await withdraw('该处罚决定已被行政复议机关撤销')
      expect(withdrawn.statusCode, withdrawn.body).toBe(200)
      expect(withdrawn.json<ContentItemDetail>().withdrawal).toMatchObject({
        reason: '该处罚决定已被行政复议机关撤销',
        byName: '张审核',
      })
      expect(await detail(id)).toEqual({
        isWithdrawn: true,
        id,
        withdrawal: {
          at: '2026-11-24 12:00:00',
          reason: '该处罚决定已被行政复议机关撤销',
        },
      })
      expect((await list({ keyword: '恒泰', status: 'all' })).Total).toBe(0)
      expect((await search('恒泰水利建设')).Table).toEqual([])
      expect(
        await findPartyCreditRecords(
          t.db,
          { name: '新疆恒泰水利建设有限公司' },
          clock,
        ),
      ).toEqual([])

      // The history keeps who wrote, reviewed and withdrew it.
      const history = (await staff.reviewer.item(item.id)).history
      expect(history[0]).toMatchObject({
        state: 'published',
        authorName: '陈主任',
        reviewerName: '张审核',
      })
    })

    it('shows a correction as 更正 with its date and note, and keeps the first publication’s time', async () => {
      const item = await publishItem(
        staff,
        'credit',
        creditFields('新疆金源水务工程有限公司'),
      )
      const id = publicIdOf(item)
      const firstTime = (await detail(id)) as Extract<
        CreditDetail,
        { isWithdrawn: false }
      >
      clock = new Date(clock.getTime() + DAY_MS)
      const saved = await staff.editor.call(
        'PUT',
        `/content/items/${item.id}/draft`,
        {
          kind: 'credit',
          fields: {
            ...(item.working.fields as CreditFields),
            decision: '处中标项目金额千分之八的罚款，计人民币二十五万元。',
          },
          base: baseOf(item),
          isCorrection: true,
          correctionNote: '更正罚款金额',
        },
      )
      expect(saved.statusCode, saved.body).toBe(200)
      // The reviewer previews the correction as the record's page will show it.
      const draft = saved.json<ContentItemDetail>()
      const preview = await staff.reviewer.get(
        `/content/items/${item.id}/revisions/${draft.working.revisionNo}/public-view`,
      )
      expect(preview.statusCode, preview.body).toBe(200)
      expect(preview.json()).toMatchObject({
        isWithdrawn: false,
        id,
        decision: '处中标项目金额千分之八的罚款，计人民币二十五万元。',
        publishTime: firstTime.publishTime,
        correction: { at: '2026-11-25 12:00:00', note: '更正罚款金额' },
      })
      expect(await detail(id)).not.toHaveProperty('correction')
      const submitted = await act('editor', draft, 'submit')
      expect(
        (await act('reviewer', submitted.json(), 'approve')).statusCode,
      ).toBe(200)
      const corrected = await detail(id)
      expect(corrected).toMatchObject({
        decision: '处中标项目金额千分之八的罚款，计人民币二十五万元。',
        publishTime: firstTime.publishTime,
        correction: { at: '2026-11-25 12:00:00', note: '更正罚款金额' },
      })
      // A later change that is no correction keeps the last one.
      const revised = await reviseItem(
        staff,
        await staff.editor.item(item.id),
        {
          ...(item.working.fields as CreditFields),
          documentNumber: '新水罚〔2026〕16号',
        },
      )
      expect(revised.itemState).toBe('published')
      expect(await detail(id)).toMatchObject({
        documentNumber: '新水罚〔2026〕16号',
        correction: { note: '更正罚款金额' },
      })
    })

    it('archives a record six months after its decision by the portal’s clock: off 公示中, under 已归档, still shown and searched', async () => {
      clock = noonOf('2026-11-24')
      const item = await publishItem(
        staff,
        'credit',
        creditFields('新疆丝路水利水电工程有限公司', {
          decisionDate: '2026-06-10',
        }),
      )
      const id = publicIdOf(item)
      const expert = await publishItem(
        staff,
        'credit',
        creditFields('丝路某某', {
          partyKind: 'expert',
          creditCode: '',
          decisionType: 'handling',
          decisionDate: '2026-06-10',
          // A restriction of a year keeps it public past the six months.
          restrictionEndDate: '2027-06-09',
        }),
      )
      const expertId = publicIdOf(expert)
      const ours = (page: CreditPage) =>
        page.Table.map((r) => r.id).filter((r) => r === id || r === expertId)

      // On its last public day (2026-12-10) it is 公示中.
      clock = noonOf('2026-12-10')
      let page = await list({ keyword: '丝路' })
      expect(ours(page)).toEqual([expertId, id])
      expect(page.counts).toEqual({ public: 2, archived: 0 })
      expect(await detail(id)).toMatchObject({ status: 'public' })

      // The next day it is archived: not in the default list, in 已归档, its page says so.
      clock = noonOf('2026-12-11')
      page = await list({ keyword: '丝路' })
      expect(ours(page)).toEqual([expertId])
      expect(page.counts).toEqual({ public: 1, archived: 1 })
      const archived = await list({ keyword: '丝路', status: 'archived' })
      expect(archived.Table).toEqual([
        expect.objectContaining({
          id,
          status: 'archived',
          statusName: '已归档（公示期满）',
          publicUntil: '2026-12-10',
        }),
      ])
      expect(ours(await list({ keyword: '丝路', status: 'all' }))).toEqual([
        expertId,
        id,
      ])
      expect(await detail(id)).toMatchObject({
        isWithdrawn: false,
        partyName: '新疆丝路水利水电工程有限公司',
        status: 'archived',
        statusName: '已归档（公示期满）',
      })
      expect((await search('丝路水利水电')).Table.map((h) => h.refId)).toEqual([
        id,
      ])
      expect(
        (
          await findPartyCreditRecords(
            t.db,
            { name: '新疆丝路水利水电工程有限公司' },
            clock,
          )
        )[0]?.status,
      ).toBe('archived')

      // The expert's restriction ends on 2027-06-09: public until then, archived after.
      clock = noonOf('2027-06-09')
      expect(ours(await list({ keyword: '丝路' }))).toEqual([expertId])
      clock = noonOf('2027-06-10')
      expect(ours(await list({ keyword: '丝路' }))).toEqual([])
      expect(ours(await list({ keyword: '丝路', status: 'archived' }))).toEqual(
        [expertId, id],
      )
      clock = noonOf('2026-11-24')
    })

    it('filters the list by party kind, year and keyword (a code in small letters too), newest decision first, in pages', async () => {
      clock = noonOf('2026-11-24')
      const made = []
      for (const [name, overrides] of [
        [
          '新疆博达工程招标代理有限公司',
          { partyKind: 'agency', decisionDate: '2026-09-01' },
        ],
        ['新疆博达水利建设有限公司', { decisionDate: '2026-10-01' }],
        ['新疆博达路桥工程有限公司', { decisionDate: '2025-12-20' }],
      ] as const)
        made.push(
          publicIdOf(
            await publishItem(staff, 'credit', creditFields(name, overrides)),
          ),
        )
      const [agency, bidder, older] = made as [number, number, number]
      const ids = (page: CreditPage) => page.Table.map((r) => r.id)

      expect(ids(await list({ keyword: '博达' }))).toEqual([bidder, agency])
      expect(ids(await list({ keyword: '博达', status: 'all' }))).toEqual([
        bidder,
        agency,
        older,
      ])
      expect(ids(await list({ keyword: '博达', partyKind: 'agency' }))).toEqual(
        [agency],
      )
      expect(
        ids(await list({ keyword: '博达', status: 'all', year: 2025 })),
      ).toEqual([older])
      // GET with the parameters in the query as text, as a browser's address has them.
      const pageTwo = await list({
        keyword: '博达',
        status: 'all',
        pageNo: '2',
        pageSize: '2',
      })
      expect(ids(pageTwo)).toEqual([older])
      expect(pageTwo.Total).toBe(3)
      // By the violation's words, and by a code typed in small letters.
      expect(
        (await list({ keyword: '借用其他企业的资质证书', status: 'all' }))
          .Total,
      ).toBeGreaterThanOrEqual(3)
      expect(ids(await list({ keyword: 'ma77txr3', status: 'all' }))).toEqual(
        expect.arrayContaining([bidder, agency, older]),
      )
      // The years offered are those that have records, newest first.
      const { years } = await list({})
      expect(years).toEqual([...years].sort((a, b) => b - a))
      expect(years).toEqual(expect.arrayContaining([2026, 2025]))
      // A keyword with LIKE's own characters is plain text.
      expect((await list({ keyword: '%', status: 'all' })).Total).toBe(0)
      expect((await list({ keyword: '博达_', status: 'all' })).Total).toBe(0)
    })

    it('answers bad parameters with a Chinese 400 and an unknown record with 404, never a 5xx', async () => {
      // The Portal API names the field before its reason (docs/api/portal-protocol.md).
      const refusals: [string, Record<string, unknown>, string][] = [
        ['/Credit/PageList', { status: 'expired' }, 'status：公示状态无效'],
        [
          '/Credit/PageList',
          { partyKind: 'bank' },
          'partyKind：当事人类别无效',
        ],
        ['/Credit/PageList', { year: 'abc' }, 'year：年份无效'],
        ['/Credit/PageList', { year: 1999 }, 'year：年份无效'],
        ['/Credit/PageList', { year: 2026.5 }, 'year：年份无效'],
        [
          '/Credit/PageList',
          { keyword: '字'.repeat(101) },
          'keyword：关键字不能超过100个字符',
        ],
        ['/Credit/Detail', { id: 'abc' }, 'id：信用记录编号无效'],
        ['/Credit/Detail', { id: -3 }, 'id：信用记录编号无效'],
        ['/Credit/Detail', { id: 99_999_999_999 }, 'id：信用记录编号无效'],
      ]
      for (const [path, params, message] of refusals) {
        const answer = await portal(path, { pageNo: 1, ...params })
        expect(answer.status, `${path} ${JSON.stringify(params)}`).toBe(400)
        expect(answer.envelope).toEqual({ State: 400, Msg: message })
      }
      for (const params of [{ pageNo: 0 }, { pageSize: 1000 }]) {
        const answer = await portal('/Credit/PageList', params)
        expect(answer.status).toBe(400)
        expect(answer.envelope.Msg).toMatch(/[\u4e00-\u9fa5]/)
      }
      const unknown = await portal('/Credit/Detail', { id: 2_147_483_647 })
      expect(unknown.status).toBe(404)
      expect(unknown.envelope).toEqual({ State: 404, Msg: MSG_NOT_FOUND })
      // A page far past the end holds nothing and says how many there are.
      const far = await list({ pageNo: 100_000, status: 'all' })
      expect(far.Table).toEqual([])
      expect(far.Total).toBeGreaterThan(0)
    })
  },
)
