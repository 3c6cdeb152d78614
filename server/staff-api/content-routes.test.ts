import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CONTENT_REFUSALS } from '#common/constants/content.ts'
import {
  MSG_BAD_FILE_FORMAT,
  MSG_BODY_TOO_DEEP,
  MSG_BODY_TOO_LARGE,
  MSG_EMPTY_FILE,
} from '#common/messages.ts'
import type { ArticleDetail } from '#common/schemas/article.ts'
import type { ArticleFields } from '#common/schemas/content/article-fields.ts'
import type {
  ContentDashboard,
  ContentItemDetail,
  ContentItemPage,
  RevisionDiff,
  RevisionView,
} from '#common/schemas/content/workflow.ts'
import { testConfig } from '#tests/app-config.ts'
import { CONTENT_BODY_LIMIT } from './content-routes.ts'
import { complaintTestApi } from '#tests/complaint-test-api.ts'
import {
  baseOf,
  contentStaff,
  noticeFields,
  policyFields,
  publishNotice,
} from '#tests/content-test-api.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { runningClock } from '#tests/setup/test-clock.ts'
import { buildTestApp } from '#tests/test-app.ts'
import { pngImage } from '#tests/upload-samples.ts'

type Page<T> = { Table: T[]; Total: number }
type Summary = { id: number; title: string }

describe.each(testEngines)('the content workflow on %s', (engine) => {
  let t: TestDatabase
  let app: FastifyInstance
  let staff: Awaited<ReturnType<typeof contentStaff>>
  let portal: ReturnType<typeof complaintTestApi>['portal']
  // The portal's clock: a schedule "in the past" or "a year ahead" is measured from it.
  const clock = runningClock()

  // How many policies the seed wrote, counted before any test adds its own.
  let seededPolicies = 0

  beforeAll(async () => {
    t = await createTestDatabase(engine)
    seededPolicies = Number(
      (
        await t.db
          .selectFrom('article')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('categoryId', 'in', [927, 928, 929, 1070])
          .executeTakeFirstOrThrow()
      ).n,
    )
    app = await buildTestApp(t, { contentScheduleIntervalMs: null, now: clock })
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

  const create = async (
    fields = noticeFields('关于开展汛前安全检查的通知'),
  ) => {
    const answer = await staff.editor.call('POST', '/content/items', {
      kind: 'article',
      fields,
    })
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json<ContentItemDetail>()
  }
  const act = async (
    who: keyof typeof staff,
    item: ContentItemDetail,
    action: string,
    body: Record<string, unknown> = {},
  ) =>
    staff[who].call('POST', `/content/items/${item.id}/${action}`, {
      base: baseOf(item),
      ...body,
    })
  const publicDetail = async (id: number) =>
    (await portal('/Article/Detail', { id })).data as ArticleDetail | null
  const publicList = async (ctype = '1073') =>
    (await portal('/Article/PageList', { ctype, pageNo: 1, pageSize: 20 }))
      .data as Page<Summary>
  const search = async (keyword: string) =>
    (
      await portal('/Search/PageList', {
        keyword,
        pageNo: 1,
        pageSize: 20,
      })
    ).data as Page<{ title: string }>
  /**
   * The audit entries of an item: its actions, named by number and title (内容 12《…》), and the
   * refusals of its routes, named by their path.
   */
  const auditOf = async (itemId: number) =>
    (
      await t.db
        .selectFrom('staffAudit')
        .select(['action', 'outcome', 'target'])
        .where((eb) =>
          eb.or([
            eb('target', 'like', `内容 ${itemId}%`),
            eb('target', 'like', `%content/items/${itemId}%`),
          ]),
        )
        .orderBy('id')
        .execute()
    )
      .filter(
        (row) =>
          row.target === `内容 ${itemId}` ||
          row.target.startsWith(`内容 ${itemId}《`) ||
          new RegExp(`content/items/${itemId}(/|$)`).test(row.target),
      )
      .map(({ action, outcome }) => ({ action, outcome }))

  it('holds every seeded article and policy as an item published by the built-in accounts', async () => {
    const page = await staff.editor.get(
      '/content/items?kind=policy&pageSize=100',
    )
    expect(page.statusCode).toBe(200)
    // The seed's policies, whatever other tests of this file have written by now.
    const seeded = page
      .json<ContentItemPage>()
      .items.filter((item) => item.latest.authorName === '演示数据')
    expect(seeded).toHaveLength(seededPolicies)
    expect(seededPolicies).toBeGreaterThan(5)
    for (const item of seeded) {
      expect(item).toMatchObject({
        kind: 'policy',
        itemState: 'published',
        latest: {
          revisionNo: 1,
          state: 'published',
          authorName: '演示数据',
          reviewerName: '演示数据审核',
        },
      })
      expect(item.publicPath).toMatch(/^\/policies\/detail\?id=\d+$/)
      expect(item.latest.reviews).toEqual([
        expect.objectContaining({
          outcome: 'approved',
          reviewerName: '演示数据审核',
        }),
      ])
    }
    const [first] = seeded
    const detail = await staff.editor.item(first!.id)
    expect(detail.allowedActions).toEqual(['save'])
    expect((await staff.reviewer.item(first!.id)).allowedActions).toEqual([
      'withdraw',
    ])
    const publicId = Number(first!.publicPath!.split('=')[1])
    expect((await publicDetail(publicId))?.policy).toMatchObject({
      issuingBody: expect.any(String),
      documentNumber: expect.any(String),
    })

    // Nobody signs in as the built-in accounts, nor sees them among the accounts.
    const signIn = await app.inject({
      method: 'POST',
      url: '/staff-api/session',
      payload: {
        accountName: 'system:content-author',
        password: 'anything-long-enough',
        code: '123456',
      },
    })
    expect(signIn.statusCode).toBe(401)
    const accounts = await app.staff.listAccounts()
    expect(accounts.map((a) => a.displayName)).not.toContain('演示数据')
  })

  it('takes a notice from draft through return and resubmission to publication, each step audited', async () => {
    const hostile =
      '<p onclick="steal()">检查要求</p><script>alert(1)</script>' +
      '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a>'
    let item = await create(
      noticeFields('关于开展水库汛前安全检查的通知', { content: hostile }),
    )
    expect(item).toMatchObject({
      itemState: 'unpublished',
      publicPath: null,
      working: { revisionNo: 1, version: 1, state: 'draft' },
      allowedActions: ['save', 'submit', 'discard'],
    })
    const stored = (item.working.fields as ArticleFields).content
    expect(stored).toContain('检查要求')
    for (const bad of ['script', 'onclick', 'onerror', 'javascript:', 'alert'])
      expect(stored).not.toContain(bad)
    expect((await staff.reviewer.item(item.id)).allowedActions).toEqual([])

    item = (
      await staff.editor.call('PUT', `/content/items/${item.id}/draft`, {
        kind: 'article',
        fields: noticeFields('关于开展水库汛前安全检查的通知', {
          content: '<p>请于5月31日前完成检查。</p>',
        }),
        base: baseOf(item),
      })
    ).json()
    expect(item.working).toMatchObject({ revisionNo: 1, version: 2 })
    item = (await act('editor', item, 'submit')).json()
    expect(item.working.state).toBe('submitted')
    expect((await staff.reviewer.item(item.id)).allowedActions).toEqual([
      'approve',
      'return',
    ])

    // Roles: the editor does not review, the reviewer does not write.
    expect((await act('editor', item, 'approve')).statusCode).toBe(403)
    expect(
      (
        await staff.reviewer.call('POST', '/content/items', {
          kind: 'article',
          fields: noticeFields('审核人不能撰写'),
        })
      ).statusCode,
    ).toBe(403)
    expect((await staff.handler.get('/content/items')).statusCode).toBe(403)

    expect(
      (await act('reviewer', item, 'return', { comment: '' })).json(),
    ).toEqual({ message: '请填写退回意见' })
    item = (
      await act('reviewer', item, 'return', { comment: '请写明检查范围。' })
    ).json()
    expect(item.working).toMatchObject({
      state: 'returned',
      reviewComment: '请写明检查范围。',
      reviewerName: '张审核',
    })
    item = (
      await staff.editor.call('PUT', `/content/items/${item.id}/draft`, {
        kind: 'article',
        fields: noticeFields('关于开展水库汛前安全检查的通知', {
          content: '<p>检查范围：全区大中型水库。请于5月31日前完成。</p>',
        }),
        base: baseOf(item),
      })
    ).json()
    item = (await act('editor', item, 'submit')).json()
    const approved = await act('reviewer', item, 'approve')
    expect(approved.statusCode, approved.body).toBe(200)
    item = approved.json()
    expect(item).toMatchObject({
      itemState: 'published',
      publishedRevisionNo: 1,
      working: {
        state: 'published',
        reviewerName: '张审核',
        publisherName: '张审核',
        authorName: '李编辑',
      },
    })
    // The return and its comment stay in the history after the fixed revision is approved.
    expect(
      item.history[0]!.reviews.map(({ outcome, reviewerName, comment }) => ({
        outcome,
        reviewerName,
        comment,
      })),
    ).toEqual([
      {
        outcome: 'returned',
        reviewerName: '张审核',
        comment: '请写明检查范围。',
      },
      { outcome: 'approved', reviewerName: '张审核', comment: null },
    ])
    const publicId = Number(item.publicPath!.match(/id=(\d+)/)![1])
    expect(item.publicPath).toBe(`/index/newDetail?id=${publicId}`)
    const detail = await publicDetail(publicId)
    expect(detail?.content).toContain('检查范围：全区大中型水库')
    expect((await publicList()).Table[0]?.id).toBe(publicId)
    expect(
      (await search('水库汛前安全检查')).Table.map((row) => row.title),
    ).toContain('关于开展水库汛前安全检查的通知')

    expect(await auditOf(item.id)).toEqual(
      [
        ['content.create', 'ok'],
        ['content.save', 'ok'],
        ['content.submit', 'ok'],
        ['content.approve', 'refused'],
        ['content.return', 'refused'],
        ['content.return', 'ok'],
        ['content.save', 'ok'],
        ['content.submit', 'ok'],
        ['content.approve', 'ok'],
      ].map(([action, outcome]) => ({ action, outcome })),
    )

    // The history, the diff and the revision read as a person reads them.
    const diff = (
      await staff.reviewer.get(`/content/items/${item.id}/diff?from=1&to=1`)
    ).json<RevisionDiff>()
    expect(diff.fields.every((field) => !field.changed)).toBe(true)
    const revision = (
      await staff.reviewer.get(`/content/items/${item.id}/revisions/1`)
    ).json<RevisionView>()
    expect(revision).toMatchObject({ kind: 'article', revisionNo: 1 })
  })

  it('refuses to let anyone review a revision they wrote or saved', async () => {
    const created = await staff.both.call('POST', '/content/items', {
      kind: 'article',
      fields: noticeFields('关于调整开标场地的通知'),
    })
    let item = created.json<ContentItemDetail>()
    item = (await act('both', item, 'submit')).json()
    expect((await staff.both.item(item.id)).allowedActions).not.toContain(
      'approve',
    )
    for (const [action, body] of [
      ['approve', {}],
      ['return', { comment: '自己退回' }],
    ] as const) {
      const refused = await act('both', item, action, body)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toEqual({ message: CONTENT_REFUSALS.ownDraft })
    }
    expect((await staff.both.item(item.id)).working.state).toBe('submitted')

    // Saving someone else's draft makes one of its writers too.
    let other = await create(noticeFields('关于开标时间变更的通知'))
    other = (
      await staff.both.call('PUT', `/content/items/${other.id}/draft`, {
        kind: 'article',
        fields: noticeFields('关于开标时间变更的通知（补充）'),
        base: baseOf(other),
      })
    ).json()
    other = (await act('editor', other, 'submit')).json()
    expect((await act('both', other, 'approve')).json()).toEqual({
      message: CONTENT_REFUSALS.ownDraft,
    })
  })

  it('refuses an edit based on a revision someone changed since, and keeps what was there', async () => {
    const item = await create(noticeFields('关于报送年度计划的通知'))
    const saveAs = (who: 'editor' | 'otherEditor', text: string) =>
      staff[who].call('PUT', `/content/items/${item.id}/draft`, {
        kind: 'article',
        fields: noticeFields('关于报送年度计划的通知', {
          content: `<p>${text}</p>`,
        }),
        base: baseOf(item),
      })
    expect((await saveAs('editor', '李编辑的修改')).statusCode).toBe(200)
    const stale = await saveAs('otherEditor', '王编辑的修改')
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toEqual({ message: CONTENT_REFUSALS.stale })
    const now = await staff.editor.item(item.id)
    expect(now.working.version).toBe(2)
    expect((now.working.fields as ArticleFields).content).toContain(
      '李编辑的修改',
    )
    // A submission on the old base changes nothing either.
    expect((await act('editor', item, 'submit')).statusCode).toBe(409)
    expect((await staff.editor.item(item.id)).working.state).toBe('draft')
  })

  it('publishes exactly once when two reviewers approve at the same moment', async () => {
    let item = await create(noticeFields('关于公布第一批信用评价结果的公告'))
    item = (await act('editor', item, 'submit')).json()
    const answers = await Promise.all([
      act('reviewer', item, 'approve'),
      act('otherReviewer', item, 'approve'),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const refused = answers.find((a) => a.statusCode === 409)!
    expect(refused.json()).toEqual({
      message: CONTENT_REFUSALS.alreadyReviewed,
    })
    const rows = await t.db
      .selectFrom('article')
      .select('id')
      .where('title', '=', '关于公布第一批信用评价结果的公告')
      .execute()
    expect(rows).toHaveLength(1)
    const after = await staff.reviewer.item(item.id)
    expect(after.history).toHaveLength(1)
    expect(after.working.state).toBe('published')
  })

  it('refuses a schedule in the past or more than a year ahead, and schedules one ahead', async () => {
    let item = await create(noticeFields('关于元旦期间值班安排的通知'))
    item = (await act('editor', item, 'submit')).json()
    const text = (ms: number) =>
      new Date(clock().getTime() + ms + 8 * 3_600_000)
        .toISOString()
        .slice(0, 19)
        .replace('T', ' ')
    const past = await act('reviewer', item, 'approve', {
      publishAt: text(-60_000),
    })
    expect(past.statusCode).toBe(400)
    expect(past.json()).toEqual({ message: CONTENT_REFUSALS.pastSchedule })
    const far = await act('reviewer', item, 'approve', {
      publishAt: text(400 * 86_400_000),
    })
    expect(far.statusCode).toBe(400)
    expect((await staff.reviewer.item(item.id)).working.state).toBe('submitted')
    const scheduled = await act('reviewer', item, 'approve', {
      publishAt: text(3_600_000),
    })
    expect(scheduled.json().working).toMatchObject({ state: 'scheduled' })
    expect(scheduled.json().itemState).toBe('unpublished')
    // Not published before its time; the schedule can be taken back.
    await app.contentScheduler.runNow()
    expect((await staff.reviewer.item(item.id)).itemState).toBe('unpublished')
    const cancelled = await act('reviewer', scheduled.json(), 'cancel-schedule')
    expect(cancelled.json().working).toMatchObject({
      state: 'submitted',
      publishAt: null,
    })
  })

  it('publishes a correction as a new revision under the same address, saying 更正 with its date', async () => {
    const published = await publishNotice(
      staff,
      noticeFields('关于公布评标专家名单的公告'),
    )
    const publicId = Number(published.publicPath!.split('=')[1])

    // Marked as a correction only once published before.
    const fresh = await create(noticeFields('尚未发布'))
    const early = await staff.editor.call(
      'PUT',
      `/content/items/${fresh.id}/draft`,
      {
        kind: 'article',
        fields: noticeFields('尚未发布'),
        base: baseOf(fresh),
        isCorrection: true,
      },
    )
    expect(early.statusCode).toBe(400)

    let item = (
      await staff.editor.call('PUT', `/content/items/${published.id}/draft`, {
        kind: 'article',
        fields: noticeFields('关于公布评标专家名单的公告', {
          content: '<p>名单中“王某某”应为“汪某某”。</p>',
        }),
        base: baseOf(published),
        isCorrection: true,
        correctionNote: '更正专家姓名',
      })
    ).json<ContentItemDetail>()
    expect(item.working).toMatchObject({
      revisionNo: 2,
      state: 'draft',
      isCorrection: true,
    })
    // The public side still shows revision 1 until the correction is approved.
    const before = await publicDetail(publicId)
    expect(before?.correction).toBeUndefined()
    const preview = (
      await staff.reviewer.get(
        `/content/items/${item.id}/revisions/2/public-view`,
      )
    ).json<ArticleDetail>()
    expect(preview).toMatchObject({
      id: publicId,
      content: expect.stringContaining('汪某某'),
      correction: { note: '更正专家姓名' },
    })

    item = (await act('editor', item, 'submit')).json()
    item = (await act('reviewer', item, 'approve')).json()
    expect(item.publicPath).toBe(published.publicPath)
    expect(item.history.map((r) => [r.revisionNo, r.state])).toEqual([
      [2, 'published'],
      [1, 'superseded'],
    ])
    const detail = await publicDetail(publicId)
    expect(detail?.content).toContain('汪某某')
    expect(detail?.correction).toEqual({
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} /),
      note: '更正专家姓名',
    })
    expect(detail?.views).toBe(before!.views + 1)
    expect(detail?.publishTime).toBe(published.working.publishedAt)

    const diff = (
      await staff.reviewer.get(`/content/items/${item.id}/diff?from=1&to=2`)
    ).json<RevisionDiff>()
    const body = diff.fields.find((field) => field.field === 'content')!
    expect(body).toMatchObject({ label: '正文', changed: true })
    expect(
      body.parts
        .filter((p) => p.added)
        .map((p) => p.value)
        .join(''),
    ).toContain('汪')
    expect(diff.fields.find((f) => f.field === 'title')?.changed).toBe(false)
  })

  it('withdraws an item: its address says so with the reason, lists and search forget it', async () => {
    const item = await publishNotice(
      staff,
      noticeFields('关于暂停某标段招标活动的公告'),
    )
    const publicId = Number(item.publicPath!.split('=')[1])
    expect((await publicList()).Table.map((row) => row.id)).toContain(publicId)

    expect(
      (
        await staff.editor.call('POST', `/content/items/${item.id}/withdraw`, {
          reason: '编辑不能撤回',
        })
      ).statusCode,
    ).toBe(403)
    const withdrawn = await staff.reviewer.call(
      'POST',
      `/content/items/${item.id}/withdraw`,
      { reason: '该标段已恢复招标，本公告失效。' },
    )
    expect(withdrawn.statusCode, withdrawn.body).toBe(200)
    expect(withdrawn.json<ContentItemDetail>()).toMatchObject({
      itemState: 'withdrawn',
      withdrawal: {
        reason: '该标段已恢复招标，本公告失效。',
        byName: '张审核',
      },
    })
    const detail = await publicDetail(publicId)
    expect(detail).toMatchObject({
      title: '关于暂停某标段招标活动的公告',
      content: '',
      files: [],
      withdrawal: { reason: '该标段已恢复招标，本公告失效。' },
    })
    expect((await publicList()).Table.map((row) => row.id)).not.toContain(
      publicId,
    )
    expect(
      (await search('暂停某标段招标活动')).Table.map((row) => row.title),
    ).not.toContain('关于暂停某标段招标活动的公告')
    // A second withdrawal has nothing to withdraw.
    expect(
      (
        await staff.reviewer.call(
          'POST',
          `/content/items/${item.id}/withdraw`,
          {
            reason: '再次撤回',
          },
        )
      ).statusCode,
    ).toBe(409)

    // Published again through a new revision: the same address, listed again.
    let again = (
      await staff.editor.call('PUT', `/content/items/${item.id}/draft`, {
        kind: 'article',
        fields: noticeFields('关于恢复某标段招标活动的公告'),
        base: baseOf(withdrawn.json<ContentItemDetail>()),
      })
    ).json<ContentItemDetail>()
    again = (await act('editor', again, 'submit')).json()
    again = (await act('reviewer', again, 'approve')).json()
    expect(again).toMatchObject({
      itemState: 'published',
      withdrawal: null,
      publicPath: item.publicPath,
    })
    const back = await publicDetail(publicId)
    expect(back?.withdrawal).toBeUndefined()
    expect(back?.title).toBe('关于恢复某标段招标活动的公告')
    expect((await publicList()).Table.map((row) => row.id)).toContain(publicId)
  })

  it('answers a published change in the next Portal API request, within the cache time', async () => {
    const before = await publicList()
    const item = await publishNotice(
      staff,
      noticeFields('关于发布水利工程造价信息的通知'),
    )
    const publicId = Number(item.publicPath!.split('=')[1])
    const after = await publicList()
    expect(after.Total).toBe(before.Total + 1)
    expect(after.Table[0]?.id).toBe(publicId)
    await staff.reviewer.call('POST', `/content/items/${item.id}/withdraw`, {
      reason: '重复发布',
    })
    expect((await publicList()).Total).toBe(before.Total)
  })

  it('takes §5-checked uploads from editors only, serves them to staff until published, then to everyone', async () => {
    const picture = await staff.editor.upload('现场照片.png', pngImage())
    expect(picture.statusCode, picture.body).toBe(200)
    const image = picture.json<{ id: string; url: string; location: string }>()
    expect(image).toMatchObject({
      name: '现场照片.png',
      mime: 'image/png',
      location: image.url,
    })
    expect(image.url).toMatch(/^\/files\/[\w-]{16}\//)

    const fake = await staff.editor.upload('伪装.png', '<script>x</script>')
    expect(fake.statusCode).toBe(400)
    expect(fake.json()).toEqual({ message: MSG_BAD_FILE_FORMAT })
    expect((await staff.editor.upload('空.pdf', '')).json()).toEqual({
      message: MSG_EMPTY_FILE,
    })
    expect(
      (await staff.editor.upload('图.png', pngImage(), '?accept=pdf')).json(),
    ).toEqual({ message: MSG_BAD_FILE_FORMAT })
    expect((await staff.reviewer.upload('图.png', pngImage())).statusCode).toBe(
      403,
    )

    // Before publication: staff with a content role read it (the preview), nobody else.
    const fileAs = (token?: string) =>
      app.inject({
        url: image.url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      })
    expect((await fileAs()).statusCode).toBe(404)
    const forReviewer = await fileAs(staff.reviewer.token)
    expect(forReviewer.statusCode).toBe(200)
    expect(forReviewer.headers['cache-control']).toBe('private, no-store')

    // Only files uploaded here may be named; a picture in the body too.
    const foreign = await staff.editor.call('POST', '/content/items', {
      kind: 'article',
      fields: noticeFields('附件不存在', { attachments: ['AAAAAAAAAAAAAAAA'] }),
    })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().message).toContain('附件')
    const item = await publishNotice(
      staff,
      noticeFields('关于水库除险加固工程完工的消息', {
        content: `<p>工程已完工。</p><p><img src="${image.url}" alt="现场"></p>`,
        attachments: [image.id],
      }),
    )
    expect(item.files).toEqual([
      expect.objectContaining({ id: image.id, name: '现场照片.png' }),
    ])
    const published = await fileAs()
    expect(published.statusCode).toBe(200)
    expect(published.headers['cache-control']).toContain('public')

    // Withdrawn, its files are public no longer; staff still read them.
    await staff.reviewer.call('POST', `/content/items/${item.id}/withdraw`, {
      reason: '照片有误',
    })
    expect((await fileAs()).statusCode).toBe(404)
    expect((await fileAs(staff.editor.token)).statusCode).toBe(200)
  })

  it('counts what waits for each person on the dashboard', async () => {
    let item = await create(noticeFields('看板草稿'))
    const dashboard = async (who: keyof typeof staff) =>
      (await staff[who].get('/content/dashboard')).json<ContentDashboard>()
    const before = await dashboard('reviewer')
    const mine = await dashboard('editor')
    expect(mine.myDrafts).toBeGreaterThan(0)
    item = (await act('editor', item, 'submit')).json()
    expect((await dashboard('reviewer')).submitted).toBe(before.submitted + 1)
    expect((await dashboard('editor')).myDrafts).toBe(mine.myDrafts - 1)
    await act('reviewer', item, 'return', { comment: '请补充' })
    expect((await dashboard('editor')).returnedToMe).toBeGreaterThan(0)
  })

  it('previews a policy as its public page will show it, facts included', async () => {
    const created = await staff.editor.call('POST', '/content/items', {
      kind: 'policy',
      fields: policyFields('新疆维吾尔自治区水利工程招标投标监督管理办法'),
    })
    expect(created.statusCode, created.body).toBe(200)
    const item = created.json<ContentItemDetail>()
    const preview = await staff.reviewer.get(
      `/content/items/${item.id}/revisions/1/public-view`,
    )
    expect(preview.statusCode).toBe(200)
    expect(preview.json<ArticleDetail>()).toMatchObject({
      id: 0,
      title: '新疆维吾尔自治区水利工程招标投标监督管理办法',
      categoryName: '自治区政策法规',
      policy: {
        issuingBody: '新疆维吾尔自治区水利厅',
        documentNumber: '新水规〔2026〕3号',
        issuedDate: '2026-10-08',
        effectiveDate: '2026-11-01',
      },
      files: [],
    })
    // A policy category under the article kind is refused with the categories allowed.
    const wrong = await staff.editor.call('POST', '/content/items', {
      kind: 'article',
      fields: noticeFields('分类错误', { categoryId: 928 }),
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toContain('栏目须为')
  })

  it('reads a body of 200,000 characters, past the other staff routes’ limit', async () => {
    const paragraph =
      '水利工程建设项目招标投标活动应当遵循公开公平公正和诚实信用的原则。'
    const long = `<p>${paragraph.repeat(Math.floor(199_000 / paragraph.length))}</p>`
    const created = await staff.editor.call('POST', '/content/items', {
      kind: 'article',
      fields: noticeFields('长篇正文', { content: long }),
    })
    expect(created.statusCode, created.body.slice(0, 200)).toBe(200)
    const tooLong = await staff.editor.call('POST', '/content/items', {
      kind: 'article',
      fields: noticeFields('过长正文', { content: `${long}${long}` }),
    })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json()).toEqual({ message: '正文过长，请拆分为多篇发布' })
  })

  it('refuses a body showing another site’s picture at save, naming its address, and stores nothing', async () => {
    const before = (
      await staff.editor.get('/content/items')
    ).json<ContentItemPage>().total
    const outside = 'https://img.example.com/dam.jpg'
    const refusal = `正文中的图片须先上传到本站（不能引用外部网址的图片）：${outside}`
    const withPicture = (title: string, src: string) =>
      noticeFields(title, {
        content: `<p>大坝照片：</p><p><img alt="大坝" src="${src}"></p>`,
      })

    const created = await staff.editor.call('POST', '/content/items', {
      kind: 'article',
      fields: withPicture('外部图片', outside),
    })
    expect(created.statusCode).toBe(400)
    expect(created.json()).toEqual({ message: refusal })
    expect(
      (await staff.editor.get('/content/items')).json<ContentItemPage>().total,
    ).toBe(before)

    // Saving a draft is refused the same way, and the draft stays as it was; an address the
    // sanitizer decodes (&#58; is ":") is caught after sanitizing.
    const item = await create(noticeFields('本站图片'))
    for (const src of [outside, 'https&#58;//img.example.com/dam.jpg']) {
      const saved = await staff.editor.call(
        'PUT',
        `/content/items/${item.id}/draft`,
        {
          kind: 'article',
          fields: withPicture('本站图片', src),
          base: baseOf(item),
        },
      )
      expect(saved.statusCode, src).toBe(400)
      expect(saved.json()).toEqual({ message: refusal })
    }
    const kept = (
      await staff.editor.get(`/content/items/${item.id}`)
    ).json<ContentItemDetail>()
    expect(kept.working.version).toBe(item.working.version)
    expect(JSON.stringify(kept.working)).not.toContain('img.example.com')
  })

  it('refuses a body past its limit, one nested too deep, and a stranger’s body unread, changing nothing', async () => {
    const before = (
      await staff.editor.get('/content/items')
    ).json<ContentItemPage>().total
    const send = (payload: string, authorization?: string) =>
      app.inject({
        method: 'POST',
        url: '/staff-api/content/items',
        headers: {
          'content-type': 'application/json',
          ...(authorization ? { authorization } : {}),
        },
        payload,
      })
    const huge = JSON.stringify({
      kind: 'article',
      fields: noticeFields('过大', { content: 'x'.repeat(CONTENT_BODY_LIMIT) }),
    })
    const tooLarge = await send(huge, `Bearer ${staff.editor.token}`)
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json()).toEqual({ message: MSG_BODY_TOO_LARGE })
    const deep = `{"kind":"article","fields":${'['.repeat(40)}${']'.repeat(40)}}`
    const tooDeep = await send(deep, `Bearer ${staff.editor.token}`)
    expect(tooDeep.statusCode).toBe(400)
    expect(tooDeep.json()).toEqual({ message: MSG_BODY_TOO_DEEP })
    // No sign-in: refused before the body is read, whatever it holds.
    const stranger = await send(huge)
    expect(stranger.statusCode).toBe(401)
    const forged = await send(huge, 'Bearer forged-token-of-nobody-at-all')
    expect(forged.statusCode).toBe(401)
    expect(
      (await staff.editor.get('/content/items')).json<ContentItemPage>().total,
    ).toBe(before)
  })
})
