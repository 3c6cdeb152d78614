import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CONTENT_REFUSALS } from '#common/constants/content.ts'
import { stageNumber } from '#common/schemas/content/project-fields.ts'
import { TRADE_CATEGORIES } from '#common/constants/trade.ts'
import type {
  AnnouncementFields,
  LinkageFields,
} from '#common/schemas/content/project-fields.ts'
import type {
  ContentItemDetail,
  ContentItemPage,
  ProjectChoicePage,
} from '#common/schemas/content/workflow.ts'
import type {
  LinkageDetail,
  LinkageSummary,
  ProjectDetail,
  ProjectHomeSummary,
  ProjectStatistics,
  ProjectSummary,
} from '#common/schemas/project.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { testConfig } from '#tests/app-config.ts'
import { complaintTestApi } from '#tests/complaint-test-api.ts'
import {
  announcementFields,
  baseOf,
  contentStaff,
  linkageFields,
  projectFields,
  publicIdOf,
  publishItem,
} from '#tests/content-test-api.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'
import { TEST_NOW } from '#tests/setup/test-clock.ts'
import { pdfDocument } from '#tests/upload-samples.ts'

type Page<T> = { Table: T[]; Total: number }
type Hit = {
  type: string
  refId: number
  projectId: number | null
  stage: string | null
  title: string
}

const CONSTRUCTION_STAGES = TRADE_CATEGORIES[0].stages

describe.each(testEngines)(
  'projects, stage announcements and linkage records in the content workflow on %s',
  (engine) => {
    let t: TestDatabase
    let app: FastifyInstance
    let staff: Awaited<ReturnType<typeof contentStaff>>
    let portal: ReturnType<typeof complaintTestApi>['portal']
    let clock = new Date(TEST_NOW)

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

    const create = (kind: string, fields: unknown) =>
      staff.editor.call('POST', '/content/items', { kind, fields })
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
    /** A draft submitted for review. */
    async function submitted(kind: string, fields: unknown) {
      const created = await create(kind, fields)
      expect(created.statusCode, created.body).toBe(200)
      const submit = await act('editor', created.json(), 'submit')
      expect(submit.statusCode, submit.body).toBe(200)
      return submit.json<ContentItemDetail>()
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
    const projectDetail = async (id: number) =>
      (await portal('/Project/Detail', { id })).data as ProjectDetail
    const projectList = async (keyword: string, stage?: string) =>
      (
        await portal('/Project/PageList', {
          keyword,
          ...(stage ? { stage } : {}),
          pageNo: 1,
          pageSize: 20,
        })
      ).data as Page<ProjectSummary>
    const search = async (keyword: string) =>
      (
        await portal('/Search/PageList', {
          keyword,
          pageNo: 1,
          pageSize: 20,
        })
      ).data as Page<Hit>
    const stageOf = (detail: ProjectDetail, stage: string) =>
      detail.stages.find((s) => s.stage === stage)
    const fileAs = (url: string) => app.inject({ url })

    /** A 工程建设 tender published through the workflow: its item and public id. */
    async function publishedProject(code: string, name?: string) {
      const item = await publishItem(
        staff,
        'project',
        projectFields(code, name ? { name } : {}),
      )
      return { item, id: publicIdOf(item) }
    }

    it('takes a project from entry to its result notice stage by stage, each on its tab, in lists and search at once', async () => {
      const code = 'XJSL-2026-GC-101'
      const name = '孔雀河尉犁段河道整治工程施工'
      const { item: projectItem, id } = await publishedProject(code, name)
      expect(projectItem).toMatchObject({
        kind: 'project',
        itemState: 'published',
        publicPath: `/business/detail?id=${id}`,
      })
      let detail = await projectDetail(id)
      expect(detail).toMatchObject({
        id,
        code,
        name,
        category: 1,
        categoryName: '工程建设',
        subTypeName: '施工',
        regionName: '巴音郭楞蒙古自治州',
        amount: 3860.5,
        registrationDeadline: '2026-12-10 17:00:00',
        openingTime: '2026-12-22 10:30:00',
        currentStage: null,
      })
      expect(detail.stages.map((s) => s.stage)).toEqual(CONSTRUCTION_STAGES)
      expect(detail.stages.every((s) => s.announcement === null)).toBe(true)
      expect(
        (await search(name)).Table.filter((hit) => hit.type === 'project'),
      ).toEqual([expect.objectContaining({ refId: id, title: name })])
      // Lists show projects by their announcements: none yet.
      expect((await projectList(code)).Total).toBe(0)

      // Each stage in turn: on its tab, the project's current stage, the list's row, at once
      // (the Portal API's cached answers are dropped by the publication).
      for (const stage of CONSTRUCTION_STAGES) {
        const title = `${name}${TRADE_CATEGORIES[0].stages.indexOf(stage) + 1}号公告`
        const published = await publishItem(
          staff,
          'announcement',
          announcementFields(id, stage, title),
        )
        expect(published.publicPath).toBe(
          `/business/detail?id=${id}&stage=${stage}`,
        )
        detail = await projectDetail(id)
        expect(stageOf(detail, stage)?.announcement?.title).toBe(title)
        expect(detail.currentStage).toBe(stage)
        const list = await projectList(code)
        expect(list.Total).toBe(1)
        expect(list.Table[0]).toMatchObject({ id, stage, title })
      }
      expect(
        detail.stages.every((s) => s.announcement !== null && !s.withdrawal),
      ).toBe(true)
      const resultTitle = `${name}6号公告`
      expect(
        (await search(resultTitle)).Table.find(
          (hit) => hit.type === 'announcement',
        ),
      ).toMatchObject({ projectId: id, stage: 'bidResult' })

      // A linkage supervision record tied to it.
      const record = await publishItem(
        staff,
        'linkage',
        linkageFields(id, `${name}招标文件资格条件问题`),
      )
      const recordId = publicIdOf(record)
      expect(record.publicPath).toBe(`/business/linkageDetail?id=${recordId}`)
      expect((await projectDetail(id)).linkages).toEqual([
        expect.objectContaining({
          id: recordId,
          title: `${name}招标文件资格条件问题`,
          statusName: '整改中',
        }),
      ])
      const linkage = (await portal('/Project/LinkageDetail', { id: recordId }))
        .data as LinkageDetail
      expect(linkage).toMatchObject({
        finding: '招标文件设置了不合理的资格条件。',
        project: { id, code, name },
      })
      expect(linkage.withdrawal).toBeUndefined()
      const records = (
        await portal('/Project/LinkagePageList', {
          projectId: id,
          pageNo: 1,
          pageSize: 10,
        })
      ).data as Page<LinkageSummary>
      expect(records.Table.map((r) => r.id)).toEqual([recordId])

      // The console lists each kind under its own 分类 and offers the stages already written.
      const listed = async (query: string) =>
        (
          await staff.editor.get(`/content/items?${query}`)
        ).json<ContentItemPage>()
      expect(
        (await listed(`kind=project&keyword=${encodeURIComponent(name)}`))
          .items[0],
      ).toMatchObject({ categoryId: 1, categoryName: '工程建设', title: name })
      expect(
        (
          await listed(
            `kind=announcement&categoryId=${stageNumber('bidResult')}&keyword=${encodeURIComponent(resultTitle)}`,
          )
        ).items[0],
      ).toMatchObject({ categoryName: '中标结果公告', title: resultTitle })
      expect(
        (
          await listed(
            `kind=linkage&categoryId=1&keyword=${encodeURIComponent(name)}`,
          )
        ).items[0],
      ).toMatchObject({ categoryName: '整改中' })
      const choices = (
        await staff.editor.get(`/content/projects?keyword=${code}`)
      ).json<ProjectChoicePage>()
      expect(choices.items).toEqual([
        expect.objectContaining({
          projectId: id,
          itemId: projectItem.id,
          categoryName: '工程建设',
          isWithdrawn: false,
        }),
      ])
      expect(choices.items[0]!.stages.every((s) => s.itemId !== null)).toBe(
        true,
      )
    })

    it('refuses a stage outside the category’s tab set, a second item for a stage, an unknown project and a taken number', async () => {
      const { item: projectItem, id } =
        await publishedProject('XJSL-2026-GC-102')
      const before = (
        await staff.editor.get('/content/items?kind=announcement')
      ).json<ContentItemPage>().total

      const outside = await create(
        'announcement',
        announcementFields(id, 'procurementNotice', '采购公告'),
      )
      expect(outside.statusCode).toBe(400)
      expect(outside.json()).toEqual({
        message:
          '工程建设项目没有「采购公告」环节，可选环节：项目入场、招标公告、投标报名、开标记录、评标结果公示、中标结果公告',
      })
      const unknown = await create(
        'announcement',
        announcementFields(987654, 'entry', '项目入场'),
      )
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json()).toEqual({
        message: '所属项目不存在，请选择已发布的项目',
      })
      expect(
        (
          await staff.editor.get('/content/items?kind=announcement')
        ).json<ContentItemPage>().total,
      ).toBe(before)

      const first = await create(
        'announcement',
        announcementFields(id, 'entry', '项目入场登记'),
      )
      expect(first.statusCode, first.body).toBe(200)
      const firstItem = first.json<ContentItemDetail>()
      const second = await create(
        'announcement',
        announcementFields(id, 'entry', '项目入场登记（重复）'),
      )
      expect(second.statusCode).toBe(409)
      expect(second.json<{ message: string }>().message).toBe(
        `该项目的「项目入场」已有公告（内容编号 ${firstItem.id}），每个环节只发布一条公告，请修改该条公告`,
      )
      // Another stage's draft may not move onto a stage that is taken either.
      const notice = (
        await create(
          'announcement',
          announcementFields(id, 'bidNotice', '招标公告'),
        )
      ).json<ContentItemDetail>()
      const moved = await staff.editor.call(
        'PUT',
        `/content/items/${notice.id}/draft`,
        {
          kind: 'announcement',
          fields: announcementFields(id, 'entry', '招标公告'),
          base: baseOf(notice),
        },
      )
      expect(moved.statusCode).toBe(409)
      expect((await staff.editor.item(notice.id)).working.fields).toMatchObject(
        { stage: 'bidNotice' },
      )
      // A discarded draft that was never published gives its stage back.
      expect((await act('editor', firstItem, 'discard')).statusCode).toBe(200)
      expect(
        (
          await create(
            'announcement',
            announcementFields(id, 'entry', '项目入场登记（重写）'),
          )
        ).statusCode,
      ).toBe(200)

      // A project number is one project's.
      const taken = await create('project', projectFields('XJSL-2026-GC-102'))
      expect(taken.statusCode).toBe(409)
      expect(taken.json<{ message: string }>().message).toBe(
        `项目编号「XJSL-2026-GC-102」已被其他项目使用（内容编号 ${projectItem.id}）`,
      )
      // A project with announcements keeps its category (their stages are its tab set's).
      const published = await submitted(
        'announcement',
        announcementFields(id, 'bidOpening', '开标记录'),
      )
      expect((await act('reviewer', published, 'approve')).statusCode).toBe(200)
      const recategorised = await staff.editor.call(
        'PUT',
        `/content/items/${projectItem.id}/draft`,
        {
          kind: 'project',
          fields: projectFields('XJSL-2026-GC-102', {
            category: 2,
            subType: 201,
            tradeMode: '询价',
          }),
          base: baseOf(projectItem),
        },
      )
      expect(recategorised.statusCode).toBe(400)
      expect(recategorised.json()).toEqual({
        message:
          '该项目已有阶段公告，不能更改交易类别（各阶段公告依交易类别的环节发布）',
      })
      // Dates a category has none of are refused by the fields' own rules.
      const auction = await create(
        'project',
        projectFields('XJSL-2026-CK-501', {
          category: 5,
          subType: 501,
          tradeMode: '拍卖',
        }),
      )
      expect(auction.statusCode).toBe(400)
      expect(auction.json()).toEqual({
        message: '采矿权项目没有报名截止时间，请留空',
      })
    })

    it('refuses to approve an announcement or record of a project not on the public side, and publishes it once the project is back', async () => {
      const { item: projectItem, id } = await publishedProject(
        'XJSL-2026-GC-103',
        '开都河焉耆段堤防加固工程施工',
      )
      await publishItem(
        staff,
        'announcement',
        announcementFields(id, 'entry', '开都河焉耆段堤防加固工程项目入场'),
      )
      expect((await projectList('XJSL-2026-GC-103')).Total).toBe(1)
      const figures = async () => {
        const home = (await portal('/Project/HomeSummary', { size: 6 }))
          .data as ProjectHomeSummary
        const statistics = (await portal('/Project/Statistics', { months: 1 }))
          .data as ProjectStatistics
        return {
          inProgress: home.figures.inProgress,
          noticesThisMonth: home.figures.noticesThisMonth,
          projects: statistics.total.count,
        }
      }
      const counted = await figures()
      const notice = await submitted(
        'announcement',
        announcementFields(id, 'bidNotice', '开都河焉耆段堤防加固工程招标公告'),
      )
      const record = await submitted(
        'linkage',
        linkageFields(id, '开都河焉耆段堤防加固工程资格条件问题'),
      )
      const withdrawn = await withdraw(projectItem, '项目暂缓实施')

      // The project's address says so; lists and search forget it and its announcements.
      const detail = await projectDetail(id)
      expect(detail).toMatchObject({
        name: '开都河焉耆段堤防加固工程施工',
        withdrawal: { reason: '项目暂缓实施' },
        linkages: [],
      })
      expect(detail.stages.every((s) => s.announcement === null)).toBe(true)
      expect((await projectList('XJSL-2026-GC-103')).Total).toBe(0)
      expect((await projectList('XJSL-2026-GC-103', 'entry')).Total).toBe(0)
      // Nor do the front page's figures and the statistics count it or its announcement.
      expect(await figures()).toEqual({
        inProgress: counted.inProgress - 1,
        noticesThisMonth: counted.noticesThisMonth - 1,
        projects: counted.projects - 1,
      })
      const hitsOf = async () =>
        (await search('开都河焉耆段堤防加固工程')).Table.filter(
          (hit) => hit.projectId === id || hit.refId === id,
        )
      expect(await hitsOf()).toEqual([])

      for (const item of [notice, record]) {
        const refused = await act('reviewer', item, 'approve')
        expect(refused.statusCode).toBe(409)
        expect(refused.json()).toEqual({
          message: CONTENT_REFUSALS.projectNotPublished,
        })
        // Nothing changed: it still waits for review.
        expect((await staff.reviewer.item(item.id)).working).toMatchObject({
          state: 'submitted',
          version: item.working.version,
        })
      }

      // Published again through a new revision: back in lists and search with its
      // announcement, and the waiting one may follow.
      let again = (
        await staff.editor.call(
          'PUT',
          `/content/items/${projectItem.id}/draft`,
          {
            kind: 'project',
            fields: projectFields('XJSL-2026-GC-103', {
              name: '开都河焉耆段堤防加固工程施工',
            }),
            base: baseOf(withdrawn),
          },
        )
      ).json<ContentItemDetail>()
      again = (await act('editor', again, 'submit')).json()
      expect((await act('reviewer', again, 'approve')).statusCode).toBe(200)
      expect((await projectList('XJSL-2026-GC-103')).Total).toBe(1)
      expect(await figures()).toEqual(counted)
      expect((await hitsOf()).map((hit) => hit.type).sort()).toEqual([
        'announcement',
        'project',
      ])
      const approved = await act('reviewer', notice, 'approve')
      expect(approved.statusCode, approved.body).toBe(200)
      expect(
        stageOf(await projectDetail(id), 'bidNotice')?.announcement?.title,
      ).toBe('开都河焉耆段堤防加固工程招标公告')

      // Scheduled, then its project withdrawn before the time: back to its author, saying why.
      const registration = await submitted(
        'announcement',
        announcementFields(
          id,
          'bidRegistration',
          '开都河焉耆段堤防加固工程投标报名',
        ),
      )
      const publishAt = toShanghaiText(new Date(clock.getTime() + 60_000))
      const scheduled = await act('reviewer', registration, 'approve', {
        publishAt,
      })
      expect(scheduled.statusCode, scheduled.body).toBe(200)
      await withdraw(await staff.reviewer.item(projectItem.id), '项目再次暂缓')
      clock = new Date(clock.getTime() + 120_000)
      await app.contentScheduler.runNow()
      expect((await staff.editor.item(registration.id)).working).toMatchObject({
        state: 'returned',
        reviewComment: `定时发布未能执行：${CONTENT_REFUSALS.projectNotPublished}`,
      })
    })

    it('withdraws a stage announcement: its tab says so with the reason, lists, search and its files forget it', async () => {
      const { id } = await publishedProject(
        'XJSL-2026-GC-104',
        '渭干河库车段引水渠改造工程施工',
      )
      await publishItem(
        staff,
        'announcement',
        announcementFields(id, 'entry', '渭干河库车段引水渠改造工程项目入场'),
      )
      const upload = (
        await staff.editor.upload('招标文件.pdf', await pdfDocument())
      ).json<{ id: string; url: string }>()
      const notice = await publishItem(
        staff,
        'announcement',
        announcementFields(
          id,
          'bidNotice',
          '渭干河库车段引水渠改造工程招标公告',
          {
            attachments: [upload.id],
          },
        ),
      )
      expect((await projectList('XJSL-2026-GC-104')).Table[0]?.stage).toBe(
        'bidNotice',
      )
      expect(
        stageOf(await projectDetail(id), 'bidNotice')?.announcement?.files,
      ).toEqual([expect.objectContaining({ name: '招标文件.pdf' })])
      expect((await fileAs(upload.url)).statusCode).toBe(200)

      await withdraw(notice, '招标文件需修改，另行发布')
      const detail = await projectDetail(id)
      expect(stageOf(detail, 'bidNotice')).toEqual({
        stage: 'bidNotice',
        stageName: '招标公告',
        announcement: null,
        withdrawal: {
          at: expect.any(String),
          reason: '招标文件需修改，另行发布',
        },
      })
      expect(detail.currentStage).toBe('entry')
      expect(stageOf(detail, 'entry')?.announcement).not.toBeNull()
      const list = await projectList('XJSL-2026-GC-104')
      expect(list.Table).toEqual([
        expect.objectContaining({ id, stage: 'entry' }),
      ])
      expect((await projectList('XJSL-2026-GC-104', 'bidNotice')).Total).toBe(0)
      expect(
        (await search('渭干河库车段引水渠改造工程招标公告')).Table.filter(
          (hit) => hit.type === 'announcement' && hit.stage === 'bidNotice',
        ),
      ).toEqual([])
      expect((await fileAs(upload.url)).statusCode).toBe(404)
    })

    it('stores and shows an announcement and a record without script or event handlers', async () => {
      const { id } = await publishedProject('XJSL-2026-GC-105')
      const hostile =
        '<p onclick="steal()">开标时间另行通知</p><script>alert(1)</script>' +
        '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a>'
      const notice = await publishItem(
        staff,
        'announcement',
        announcementFields(id, 'entry', '项目入场', { content: hostile }),
      )
      const record = await publishItem(
        staff,
        'linkage',
        linkageFields(id, '资格条件问题', { content: hostile }),
      )
      const stored = [
        (notice.working.fields as AnnouncementFields).content,
        (record.working.fields as LinkageFields).content,
        stageOf(await projectDetail(id), 'entry')!.announcement!.content,
        (
          (await portal('/Project/LinkageDetail', { id: publicIdOf(record) }))
            .data as LinkageDetail
        ).content,
      ]
      for (const html of stored) {
        expect(html).toContain('开标时间另行通知')
        for (const bad of [
          'script',
          'onclick',
          'onerror',
          'javascript:',
          'alert',
        ])
          expect(html).not.toContain(bad)
      }
    })

    it('shows a corrected announcement and record as 更正 with the date and note, kept through a later revision that is no correction', async () => {
      const { id } = await publishedProject('XJSL-2026-GC-107')
      const notice = await publishItem(
        staff,
        'announcement',
        announcementFields(id, 'bidNotice', '某灌区改造工程招标公告'),
      )
      const record = await publishItem(
        staff,
        'linkage',
        linkageFields(id, '某灌区改造工程联动监管记录'),
      )
      const linkageDetail = async () =>
        (await portal('/Project/LinkageDetail', { id: publicIdOf(record) }))
          .data as LinkageDetail
      expect(
        stageOf(await projectDetail(id), 'bidNotice')?.announcement?.correction,
      ).toBeUndefined()
      expect((await linkageDetail()).correction).toBeUndefined()

      /** A new revision of a published item, approved at `at`. */
      async function revise(
        item: ContentItemDetail,
        fields: unknown,
        at: Date,
        correction?: string,
      ) {
        const saved = await staff.editor.call(
          'PUT',
          `/content/items/${item.id}/draft`,
          {
            kind: item.kind,
            fields,
            base: baseOf(item),
            ...(correction
              ? { isCorrection: true, correctionNote: correction }
              : {}),
          },
        )
        expect(saved.statusCode, saved.body).toBe(200)
        const draft = saved.json<ContentItemDetail>()
        const previewed = await staff.reviewer.get(
          `/content/items/${item.id}/revisions/${draft.working.revisionNo}/public-view`,
        )
        const submit = await act('editor', draft, 'submit')
        expect(submit.statusCode, submit.body).toBe(200)
        clock = at
        const approve = await act('reviewer', submit.json(), 'approve')
        expect(approve.statusCode, approve.body).toBe(200)
        return {
          item: approve.json<ContentItemDetail>(),
          preview: previewed.json(),
        }
      }

      const correctedAt = new Date(clock.getTime() + 3_600_000)
      const shownAt = toShanghaiText(correctedAt)
      const correctedNotice = await revise(
        notice,
        announcementFields(id, 'bidNotice', '某灌区改造工程招标公告', {
          content: '<p>开标时间更正为2026年12月10日10时。</p>',
        }),
        correctedAt,
        '更正开标时间',
      )
      expect(
        stageOf(correctedNotice.preview as ProjectDetail, 'bidNotice')
          ?.announcement?.correction?.note,
      ).toBe('更正开标时间')
      let shown = stageOf(await projectDetail(id), 'bidNotice')?.announcement
      expect(shown?.content).toContain('2026年12月10日')
      expect(shown?.correction).toEqual({ at: shownAt, note: '更正开标时间' })

      const correctedRecord = await revise(
        record,
        linkageFields(id, '某灌区改造工程联动监管记录', {
          responsibleUnit: '新疆维吾尔自治区水利厅',
        }),
        correctedAt,
        '更正责任单位',
      )
      expect((correctedRecord.preview as LinkageDetail).correction?.note).toBe(
        '更正责任单位',
      )
      expect((await linkageDetail()).correction).toEqual({
        at: shownAt,
        note: '更正责任单位',
      })

      // A later revision that is no correction keeps the last correction, as an article does.
      const later = new Date(correctedAt.getTime() + 3_600_000)
      const keptNotice = await revise(
        correctedNotice.item,
        announcementFields(id, 'bidNotice', '某灌区改造工程招标公告', {
          content: '<p>开标时间更正为2026年12月10日10时，地点不变。</p>',
        }),
        later,
      )
      expect(
        stageOf(keptNotice.preview as ProjectDetail, 'bidNotice')?.announcement
          ?.correction,
      ).toEqual({ at: shownAt, note: '更正开标时间' })
      shown = stageOf(await projectDetail(id), 'bidNotice')?.announcement
      expect(shown?.content).toContain('地点不变')
      expect(shown?.correction).toEqual({ at: shownAt, note: '更正开标时间' })
      await revise(
        correctedRecord.item,
        linkageFields(id, '某灌区改造工程联动监管记录', {
          responsibleUnit: '新疆维吾尔自治区水利厅',
          status: 2,
          rectifiedDate: '2026-11-30',
        }),
        later,
      )
      const record3 = await linkageDetail()
      expect(record3.statusName).not.toBe('整改中')
      expect(record3.correction).toEqual({ at: shownAt, note: '更正责任单位' })
    })

    it('refuses to mark a change of a project as a correction, saying why', async () => {
      const { item } = await publishedProject('XJSL-2026-GC-108')
      const saved = await staff.editor.call(
        'PUT',
        `/content/items/${item.id}/draft`,
        {
          kind: 'project',
          fields: projectFields('XJSL-2026-GC-108', { tenderer: '某管理处' }),
          base: baseOf(item),
          isCorrection: true,
          correctionNote: '更正招标人',
        },
      )
      expect(saved.statusCode).toBe(400)
      expect(saved.json().message).toContain('更正相关的阶段公告')
      expect((await staff.editor.item(item.id)).working.revisionNo).toBe(1)
    })

    it('previews a project, an announcement on its tab and a record in their public pages’ shapes', async () => {
      const { id } = await publishedProject('XJSL-2026-GC-106')
      await publishItem(
        staff,
        'announcement',
        announcementFields(id, 'entry', '已发布的项目入场'),
      )
      const preview = async (item: ContentItemDetail) => {
        const answer = await staff.reviewer.get(
          `/content/items/${item.id}/revisions/${item.working.revisionNo}/public-view`,
        )
        expect(answer.statusCode, answer.body).toBe(200)
        return answer.json()
      }

      const draft = (
        await create(
          'project',
          projectFields('XJSL-2026-CG-201', {
            name: '阿克苏地区灌区信息化设备采购',
            category: 2,
            subType: 201,
            tradeMode: '询价',
          }),
        )
      ).json<ContentItemDetail>()
      const shownProject = (await preview(draft)) as ProjectDetail
      expect(shownProject).toMatchObject({
        id: 0,
        name: '阿克苏地区灌区信息化设备采购',
        categoryName: '政府采购',
        currentStage: null,
      })
      expect(shownProject.stages.map((s) => s.stage)).toEqual(
        TRADE_CATEGORIES[1].stages,
      )

      const notice = (
        await create(
          'announcement',
          announcementFields(id, 'bidNotice', '待审核的招标公告'),
        )
      ).json<ContentItemDetail>()
      const onTab = (await preview(notice)) as ProjectDetail
      expect(onTab.id).toBe(id)
      expect(stageOf(onTab, 'bidNotice')?.announcement?.title).toBe(
        '待审核的招标公告',
      )
      expect(stageOf(onTab, 'entry')?.announcement?.title).toBe(
        '已发布的项目入场',
      )
      expect(onTab.currentStage).toBe('bidNotice')
      // The public side is unchanged until it is approved.
      expect(
        stageOf(await projectDetail(id), 'bidNotice')?.announcement,
      ).toBeNull()

      const record = (
        await create('linkage', linkageFields(id, '待审核的监管记录'))
      ).json<ContentItemDetail>()
      expect((await preview(record)) as LinkageDetail).toMatchObject({
        id: 0,
        title: '待审核的监管记录',
        statusName: '整改中',
        project: { id, code: 'XJSL-2026-GC-106' },
      })
    })
  },
)
