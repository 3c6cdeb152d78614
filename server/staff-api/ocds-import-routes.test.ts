import { beforeAll, describe, expect, it } from 'vitest'

import { ROLE_ADMIN, ROLE_PLATFORM_PUSH } from '#common/constants/staff.ts'
import type { StaffRole } from '#common/constants/staff.ts'
import type {
  ImportAnswer,
  ImportedRelease,
} from '#common/schemas/ocds-import.ts'
import type { ProjectDetail } from '#common/schemas/project.ts'
import { portalSign } from '#common/protocol/portal-sign.ts'
import { testConfig } from '#tests/app-config.ts'
import { useConsoleTestApp } from '#tests/console-test-api.ts'
import {
  baseOf,
  contentStaff,
  publicIdOf,
  staffCaller,
  type StaffCaller,
} from '#tests/content-test-api.ts'
import { testEngines } from '#tests/db.ts'
import { decryptWithNode } from '#tests/decrypt-with-node.ts'
import examplePackage from '#tests/ocds-release-package.json' with { type: 'json' }

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the package is edited freely below
type Json = any

const winner = {
  name: '新疆水利水电工程有限公司',
  creditCode: '91650100MA776K2P5G',
}
const second = {
  name: '新疆天山建设集团有限公司',
  creditCode: '91650104MA77QMRX3N',
}
const third = {
  name: '伊犁河水利建设有限公司',
  creditCode: '91654000MA7B8KQ2W5',
}

// What the documented example says, in the portal's own fields.
const expectedProject = (code: string) => ({
  code,
  name: '叶尔羌河下游防洪治理工程（第三标段）施工',
  category: 1,
  subType: 101,
  regionCode: '653100',
  location: '喀什地区莎车县叶尔羌河下游右岸',
  tenderer: '新疆叶尔羌河流域管理局',
  agency: '新疆诚信招标代理有限公司',
  amount: 3120,
  tradeMode: '公开招标',
  fundSource: '中央预算内投资、自治区配套资金',
  registrationDeadline: null,
  openingTime: '2026-09-22 10:30:00',
})
const expectedFacts = {
  bidNotice: {
    stage: 'bidNotice',
    noticeType: '招标公告',
    documentsFrom: '2026-09-01',
    documentsUntil: '2026-09-07',
    bidDeadline: '2026-09-22 10:30:00',
    openingTime: '2026-09-22 10:30:00',
    openingPlace: '喀什地区公共资源交易中心开标一室',
    ceilingPrice: 28_564_000,
    bidBond: 500_000,
    qualification: '水利水电工程施工总承包二级及以上资质',
    isRepeated: false,
  },
  bidOpening: {
    stage: 'bidOpening',
    bids: [
      [winner, 27_980_512.5],
      [second, 28_100_000],
      [third, 26_950_000],
    ].map(([bidder, price]) => ({
      bidder,
      price,
      durationDays: null,
      quality: '',
      opened: true,
      rejectionReason: '',
    })),
  },
  bidResult: {
    stage: 'bidResult',
    winner,
    price: 27_980_512.5,
    awardNoticeDate: '2026-10-13',
    contractDate: '2026-10-27',
    contractAmount: 27_980_512.5,
  },
}

/** The documented example, for its own project number: each test has its own process. */
function examplePackageFor(code: string): Json {
  const body = structuredClone(examplePackage) as Json
  const release = body.releases[0]
  release.ocid = `ocds-xjggzy-${code}`
  release.id = `${code}-contract-1`
  release.tender.id = code
  return body
}

describe.each(testEngines)(
  'trading platforms pushing OCDS release packages on %s',
  (engine) => {
    const { app, database, enrolled, signIn } = useConsoleTestApp(engine)
    let staff: Awaited<ReturnType<typeof contentStaff>>
    let platform: StaffCaller
    let trusted: { caller: StaffCaller; tokenId: number }

    async function platformToken(displayName: string, roles: StaffRole[]) {
      const place = { address: '127.0.0.1' }
      const accountName = `p${Math.random().toString(36).slice(2, 10)}`
      const { account } = await app().staff.createAccount(null, place, {
        accountName,
        displayName,
        roles,
      })
      const actor = {
        accountId: account.id,
        accountName,
        displayName,
        roles,
        via: 'session' as const,
      }
      const made = await app().staff.createApiToken(actor, place, {
        name: '交易平台推送接口',
        roles,
      })
      return { caller: staffCaller(app(), made.token), tokenId: made.id }
    }

    beforeAll(async () => {
      staff = await contentStaff(app())
      platform = (
        await platformToken('自治区公共资源交易平台', [ROLE_PLATFORM_PUSH])
      ).caller
      trusted = await platformToken('喀什地区公共资源交易平台', [
        ROLE_PLATFORM_PUSH,
      ])
    })

    const push = (caller: StaffCaller, body: unknown) =>
      caller.call('POST', '/ocds/release-packages', body)
    const db = () => database().db
    const counts = async () => ({
      items: Number(
        (
          await db()
            .selectFrom('contentItem')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      revisions: Number(
        (
          await db()
            .selectFrom('contentRevision')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      releases: await db()
        .selectFrom('ocdsImportRelease')
        .selectAll()
        .execute(),
      parts: await db().selectFrom('ocdsImportPart').selectAll().execute(),
    })
    const auditOf = (target: string) =>
      db()
        .selectFrom('staffAudit')
        .selectAll()
        .where('action', '=', 'ocds.import')
        .where('target', '=', target)
        .orderBy('id')
        .execute()
    const stagesOf = async (code: string) => {
      const page = (
        await staff.editor.get(`/content/projects?keyword=${code}`)
      ).json<{
        items: { stages: { stage: string; itemId: number | null }[] }[]
      }>()
      return page.items[0]?.stages ?? []
    }
    const stageItem = async (code: string, stage: string) => {
      const found = (await stagesOf(code)).find((s) => s.stage === stage)
      return staff.editor.item(found!.itemId!)
    }

    async function portalDetail(id: number): Promise<ProjectDetail> {
      const config = testConfig('')
      const params = { id, ts: Date.now() }
      const response = await app().inject({
        method: 'POST',
        url: '/JdPortalApi/Project/Detail',
        headers: {
          'content-type': 'application/json',
          'x-sign': await portalSign(params, config.portalApiSecret),
        },
        payload: params,
      })
      expect(response.statusCode, response.body).toBe(200)
      return decryptWithNode(
        response.json<{ Data: string }>().Data,
        config.portalAesKey,
      ) as ProjectDetail
    }

    it('takes a valid package: the project, then its stages, wait for review with their facts', async () => {
      const code = 'XJSL-GC-2026-0815'
      const ocid = `ocds-xjggzy-${code}`
      const pushed = await push(platform, examplePackageFor(code))
      expect(pushed.statusCode, pushed.body).toBe(200)
      const [release] = pushed.json<ImportAnswer>().releases
      expect(release).toMatchObject({
        ocid,
        id: `${code}-contract-1`,
        outcome: 'taken',
        projectCode: code,
      })
      expect(release!.taken.map((t) => t.part)).toEqual([
        'project',
        'bidNotice',
        'bidOpening',
        'bidResult',
      ])
      expect(release!.notTaken.map((n) => n.part)).toEqual(['bidEvaluation'])
      // A stage names a published project: until a reviewer approves it, the stages wait.
      expect(release!.parts).toEqual([
        {
          part: 'project',
          label: '项目信息',
          status: 'applied',
          itemId: expect.any(Number),
          note: '已提交审核',
        },
        ...['bidNotice', 'bidOpening', 'bidResult'].map((part) => ({
          part,
          label: expect.any(String),
          status: 'pending',
          itemId: null,
          note: '等待项目信息审核发布后写入',
        })),
      ])
      const project = await staff.reviewer.item(release!.parts[0]!.itemId!)
      expect(project.working.state).toBe('submitted')
      expect(project.working.authorName).toBe('自治区公共资源交易平台')
      expect(project.working.fields).toEqual(expectedProject(code))
      expect(project.allowedActions).toContain('approve')

      const approved = await staff.reviewer.call(
        'POST',
        `/content/items/${project.id}/approve`,
        { base: baseOf(project) },
      )
      expect(approved.statusCode, approved.body).toBe(200)
      await expect
        .poll(async () => (await stagesOf(code)).filter((s) => s.itemId).length)
        .toBe(3)
      for (const stage of ['bidNotice', 'bidOpening', 'bidResult'] as const) {
        const item = await stageItem(code, stage)
        expect(item.working.state, stage).toBe('submitted')
        expect(item.itemState).toBe('unpublished')
        expect(item.working.fields).toMatchObject({
          projectId: publicIdOf(approved.json()),
          stage,
          facts: expectedFacts[stage],
        })
      }
      expect((await stageItem(code, 'bidNotice')).working.fields).toMatchObject(
        {
          title: '叶尔羌河下游防洪治理工程（第三标段）施工招标公告',
        },
      )
      // Each part is settled once its item is submitted.
      await expect
        .poll(async () =>
          (
            await db()
              .selectFrom('ocdsImportPart')
              .select('status')
              .where('ocid', '=', ocid)
              .execute()
          ).map((part) => part.status),
        )
        .toEqual(['applied', 'applied', 'applied', 'applied'])
      const [entry] = await auditOf(ocid)
      expect(entry).toMatchObject({ outcome: 'ok' })
      expect(JSON.parse(entry!.detail)).toMatchObject({
        isTrusted: false,
        releases: [{ id: `${code}-contract-1`, outcome: 'taken' }],
      })
    })

    it('refuses an invalid package with the pointer of each problem, and changes nothing', async () => {
      const body = examplePackageFor('XJSL-GC-2026-0901')
      const release = body.releases[0]
      delete release.date
      release.bids.details[1].status = 'accepted'
      release.awards[0].value.amount = '27980512.5'
      const before = await counts()
      const refused = await push(platform, body)
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toMatch(
        /^发布包不符合OCDS 1\.1\.5发布包模式/,
      )
      expect(
        refused.json().problems.map((p: { pointer: string }) => p.pointer),
      ).toEqual([
        '/releases/0/date',
        '/releases/0/awards/0/value/amount',
        '/releases/0/bids/details/1/status',
      ])
      const badOcid = examplePackageFor('XJSL-GC-2026-0901')
      badOcid.releases[0].ocid = 'XJSL-GC-2026-0901'
      const refusedOcid = await push(platform, badOcid)
      expect(refusedOcid.statusCode).toBe(400)
      expect(refusedOcid.json().problems).toEqual([
        {
          pointer: '/releases/0/ocid',
          message: expect.stringMatching(/^ocid须为注册前缀/),
        },
      ])
      expect(await counts()).toEqual(before)
      const [entry] = await auditOf('XJSL-GC-2026-0901')
      expect(entry).toMatchObject({ outcome: 'refused' })
    })

    it('takes the same package twice as once: nothing changes the second time, the answer is the same', async () => {
      const body = examplePackageFor('XJSL-GC-2026-0902')
      const first = await push(platform, body)
      expect(first.statusCode, first.body).toBe(200)
      const before = await counts()
      const again = await push(platform, examplePackageFor('XJSL-GC-2026-0902'))
      expect(again.statusCode).toBe(200)
      expect(again.json()).toEqual(first.json())
      expect(await counts()).toEqual(before)

      // Another release under the same id is refused whole, changing nothing.
      const changed = examplePackageFor('XJSL-GC-2026-0902')
      changed.releases[0].tender.value.amount = 29_000_000
      const conflict = await push(platform, changed)
      expect(conflict.statusCode).toBe(409)
      expect(conflict.json().problems).toEqual([
        {
          pointer: '/releases/0/id',
          message: expect.stringContaining('已接收过内容不同的同一发布编号'),
        },
      ])
      expect(await counts()).toEqual(before)
    })

    it('refuses a token without the 交易平台推送 scope, and a signed-in session, with 403', async () => {
      const before = await counts()
      const editor = await push(
        staff.editor,
        examplePackageFor('XJSL-GC-2026-0904'),
      )
      expect(editor.statusCode).toBe(403)
      expect(editor.json().message).toMatch(/^此操作需要“交易平台推送”角色/)
      const person = await enrolled([ROLE_PLATFORM_PUSH], 'platform.person')
      const session = await signIn(person)
      const bySession = await app().inject({
        method: 'POST',
        url: '/staff-api/ocds/release-packages',
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
        payload: examplePackageFor('XJSL-GC-2026-0904'),
      })
      expect(bySession.statusCode).toBe(403)
      expect(bySession.json().message).toMatch(/个人API令牌/)
      expect(await counts()).toEqual(before)
    })

    it('publishes a trusted token’s package directly, and /Project/Detail then carries its facts', async () => {
      const admin = await signIn(await enrolled([ROLE_ADMIN], 'admin.trust'))
      const asAdmin = { cookie: admin.cookie, 'x-csrf-token': admin.csrf }
      const listed = await app().inject({
        method: 'GET',
        url: '/staff-api/ocds/import-tokens',
        headers: asAdmin,
      })
      expect(listed.statusCode).toBe(200)
      expect(listed.json().items).toContainEqual(
        expect.objectContaining({ id: trusted.tokenId, isTrusted: false }),
      )
      const trust = await app().inject({
        method: 'POST',
        url: `/staff-api/ocds/import-tokens/${trusted.tokenId}/trust`,
        headers: asAdmin,
        payload: { isTrusted: true },
      })
      expect(trust.statusCode, trust.body).toBe(200)
      expect(trust.json()).toMatchObject({
        id: trusted.tokenId,
        isTrusted: true,
      })
      const decision = await db()
        .selectFrom('staffAudit')
        .selectAll()
        .where('action', '=', 'token.import-trust')
        .executeTakeFirstOrThrow()
      expect(decision).toMatchObject({
        accountName: 'admin.trust',
        outcome: 'ok',
      })

      const code = 'XJSL-GC-2026-0905'
      const pushed = await push(trusted.caller, examplePackageFor(code))
      expect(pushed.statusCode, pushed.body).toBe(200)
      const parts = pushed.json<ImportAnswer>().releases[0]!.parts
      expect(parts.map((p) => [p.part, p.status, p.note])).toEqual([
        ['project', 'applied', '已发布'],
        ['bidNotice', 'applied', '已发布'],
        ['bidOpening', 'applied', '已发布'],
        ['bidResult', 'applied', '已发布'],
      ])
      const project = await staff.editor.item(parts[0]!.itemId!)
      expect(project.itemState).toBe('published')
      expect(project.working.authorName).toBe('喀什地区公共资源交易平台')
      const detail = await portalDetail(publicIdOf(project))
      expect(detail.code).toBe(code)
      for (const stage of ['bidNotice', 'bidOpening', 'bidResult'] as const)
        expect(
          detail.stages.find((s) => s.stage === stage)?.announcement?.facts,
          stage,
        ).toEqual(expectedFacts[stage])
    })

    it('records an older release after a newer one without overwriting the newer facts', async () => {
      const code = 'XJSL-GC-2026-0903'
      // The newest word first, without the qualification the tender asked for.
      const newer = examplePackageFor(code)
      delete newer.releases[0].tender.eligibilityCriteria
      expect((await push(trusted.caller, newer)).statusCode).toBe(200)
      // Then the tender as first announced: another ceiling and deadline, and the qualification.
      const older = examplePackageFor(code)
      const release = older.releases[0]
      release.id = `${code}-tender-1`
      release.date = '2026-09-01T09:00:00+08:00'
      release.tag = ['tender']
      release.tender.value.amount = 29_000_000
      release.tender.tenderPeriod.endDate = '2026-09-21T10:30:00+08:00'
      delete release.tender.bidOpening
      delete release.bids
      delete release.awards
      delete release.contracts

      const answer = await push(trusted.caller, older)
      expect(answer.statusCode, answer.body).toBe(200)
      const taken: ImportedRelease = answer.json<ImportAnswer>().releases[0]!
      expect(taken.outcome).toBe('outOfOrder')
      expect(taken.notTaken).toContainEqual({
        part: 'bidNotice',
        reason: expect.stringMatching(
          /^已有日期更晚的发布给出，未覆盖：(?=.*ceilingPrice)(?=.*bidDeadline)/,
        ),
      })
      const stored = await db()
        .selectFrom('ocdsImportRelease')
        .select(['releaseId', 'outcome'])
        .where('ocid', '=', `ocds-xjggzy-${code}`)
        .orderBy('dateUtc')
        .execute()
      expect(stored).toEqual([
        { releaseId: `${code}-tender-1`, outcome: 'outOfOrder' },
        { releaseId: `${code}-contract-1`, outcome: 'taken' },
      ])
      const notice = await stageItem(code, 'bidNotice')
      expect(notice.working.fields).toMatchObject({
        facts: {
          ...expectedFacts.bidNotice,
          // Given by no newer release: the older one's fills it.
          qualification: '水利水电工程施工总承包二级及以上资质',
        },
      })
      expect(notice.working.state).toBe('published')
    })
  },
)
