import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { DEPARTMENT_SEAL_NAME, PLATFORM_NAME } from '#common/constants/site.ts'
import { MSG_BAD_REQUEST_BODY } from '#common/messages.ts'
import type { ComplaintStatus } from '#common/schemas/complaint/complaint-follow-up.ts'
import { isValidAndUnmodified, pdfsig } from '#server/signing/pdfsig.ts'
import { createLogSmsSender } from '#server/shared/sms-sender.ts'
import { testConfig } from '#tests/app-config.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'
import { complaintTestApi } from '#tests/complaint-test-api.ts'
import { solvedCaptcha } from '#tests/captcha-helper.ts'
import { validatedFiling } from '#tests/complaint-test-data.ts'
import { fileComplaint } from '#server/complaints/file-complaint.ts'
import { runDueAutoAcceptances } from '#server/complaints/auto-accept-job.ts'

const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`)
const OPERATOR = { operator: '赵科长' }

describe.each(testEngines)(
  'complaint handling through the APIs on %s',
  (engine) => {
    let t: TestDatabase
    let app: FastifyInstance
    let api: ReturnType<typeof complaintTestApi>
    let clock = at('2026-09-28 09:00:00')
    const sms = createLogSmsSender({ info() {} })
    const config = testConfig('')

    beforeAll(async () => {
      t = await createTestDatabase(engine)
      const appConfig = { ...config, dataDir: t.dataDir }
      app = await buildTestApp(t, {
        // The feedback messages solve their captcha through the test hook.
        config: { testHooks: true },
        sms,
        now: () => clock,
        autoAcceptIntervalMs: null,
      })
      api = complaintTestApi(app, appConfig)
    })
    afterAll(async () => {
      await app?.close()
      await t?.destroy()
    })

    async function file() {
      const filing = await validatedFiling(t.db, t.storage)
      return fileComplaint(t.db, { now: () => clock }, filing)
    }
    async function status(access: { complaintNo: string; queryCode: string }) {
      const response = await api.regional('GET', '/api/xjslts/tsbhcx', access)
      expect(response.statusCode).toBe(200)
      return response.json<{ Success: true; Data: ComplaintStatus }>().Data
    }
    const eventCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('complaintEvent')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )

    it('takes a complaint filed before 国庆节 through every step to a published decision', async () => {
      clock = at('2026-09-28 09:00:00')
      const access = await file()
      // 条例 art. 61: 3 working days from the day the complaint was received (submitted):
      // 9-29, 9-30 and 10-08 (国庆节 not counted), shown from submission on.
      const acceptance = {
        kind: 'acceptance',
        startDate: '2026-09-28',
        dueDate: '2026-10-08',
        status: 'pending',
      }
      let s = await status(access)
      expect(s.stateLabel).toBe('待签收')
      expect(s.deadlines).toEqual([expect.objectContaining(acceptance)])
      const unsigned = await api.staff(`/complaints/${access.complaintNo}`)
      expect(unsigned.json().deadlines[0]).toMatchObject(acceptance)
      const workList = await api.staff(
        `/complaints?keyword=${access.complaintNo}`,
      )
      expect(workList.json().items[0]).toMatchObject({
        state: 'submitted',
        acceptanceDueDate: '2026-10-08',
        isAcceptanceDueProvisional: false,
      })

      clock = at('2026-09-29 10:00:00')
      let r = await api.staff(
        `/complaints/${access.complaintNo}/actions/sign`,
        {
          ...OPERATOR,
          note: '已签收，正在审查投诉材料。',
          internalNote: '评标报告复印件缺页，拟请投诉人补正。',
        },
      )
      expect(r.statusCode).toBe(200)
      s = await status(access)
      expect(s.state).toBe('received')
      // 告知投诉人 is read word for word; 内部意见 stays in the department.
      expect(s.timeline.at(-1)?.reason).toBe('已签收，正在审查投诉材料。')
      expect(JSON.stringify(s)).not.toContain('缺页')
      const signed = (
        await api.staff(`/complaints/${access.complaintNo}`)
      ).json<{ timeline: { type: string }[] }>()
      expect(signed.timeline.find((e) => e.type === 'sign')).toMatchObject({
        reason: '已签收，正在审查投诉材料。',
        internalNote: '评标报告复印件缺页，拟请投诉人补正。',
      })
      expect(s.stateLabel).toBe('待受理')
      // Signing for it neither restarts nor moves the acceptance clock.
      expect(s.deadlines[0]).toMatchObject({
        kind: 'acceptance',
        dueDate: '2026-10-08',
        status: 'pending',
      })
      await app.smsOutbox.settled()
      // A sentence about the complaint, not the name of the staff's action (「：签收。」).
      expect(sms.sent.at(-1)?.text).toBe(
        `【${PLATFORM_NAME}】您的投诉（编号${access.complaintNo}）已签收，正在审查是否受理。`,
      )

      clock = at('2026-09-30 10:00:00')
      r = await api.staff(
        `/complaints/${access.complaintNo}/actions/request-material`,
        {
          ...OPERATOR,
          items: '请补充评标报告中涉及贵公司业绩认定部分的复印件。',
          workdays: 3,
        },
      )
      expect(r.statusCode).toBe(200)
      s = await status(access)
      expect(s.flags.isMaterialRequested).toBe(true)
      // 3 working days after 9-30: 10-8, 10-9 and the 调休 Saturday 10-10.
      expect(s.materialRequests[0]).toMatchObject({
        dueDate: '2026-10-10',
        answeredAt: null,
      })
      expect(s.documents.map((d) => d.label)).toEqual(['补正通知书'])
      await app.smsOutbox.settled()
      expect(sms.sent.at(-1)?.text).toBe(
        `【${PLATFORM_NAME}】您的投诉（编号${access.complaintNo}）需要补正材料，请于2026年10月10日前补正，补正通知书已送达，请登录投诉查询查看并签收。`,
      )
      // An incomplete complaint is neither accepted nor refused on its merits: the acceptance
      // clock stands still until the material arrives, and no acceptance comes by lapse of time.
      expect(s.deadlines[0]).toMatchObject({
        kind: 'acceptance',
        dueDate: null,
        status: 'paused',
        pauseNote:
          '2026-09-30起要求补正材料，中止计时；收到补正材料或补正期限届满后恢复计时',
      })
      const waiting = await api.staff(
        `/complaints?keyword=${access.complaintNo}`,
      )
      expect(waiting.json().items[0].clock).toMatchObject({
        kind: 'acceptance',
        dueDate: null,
        isPaused: true,
      })
      for (const [action, body] of [
        ['accept', OPERATOR],
        ['refuse', { ...OPERATOR, reason: '投诉事项不属于本部门管辖范围。' }],
      ] as const) {
        r = await api.staff(
          `/complaints/${access.complaintNo}/actions/${action}`,
          body,
        )
        expect(r.statusCode).toBe(409)
        expect(r.json().message).toBe(
          '已要求投诉人补正材料，受理期限中止计时：收到补正材料或补正期限届满后，才能决定是否受理',
        )
      }
      clock = at('2026-10-09 00:00:00')
      expect(await runDueAutoAcceptances(t.db, app.complaints)).toEqual([])

      clock = at('2026-10-08 09:30:00')
      r = await api.regional('GET', '/api/xjslts/tscshsb', {
        ...access,
        requestId: String(s.materialRequests[0]!.id),
        answerText: '已补充业绩合同及竣工验收证书复印件。',
      })
      expect(r.statusCode).toBe(200)
      s = await status(access)
      expect(s.flags.isMaterialRequested).toBe(false)
      expect(s.materialRequests[0]?.answeredAt).toBe('2026-10-08 09:30:00')
      // Stopped on 9-30, running again on 10-08: one working day not counted, due a day later.
      expect(s.deadlines[0]).toMatchObject({
        kind: 'acceptance',
        workdays: 4,
        excludedWorkdays: 1,
        dueDate: '2026-10-09',
        pauseNote: null,
        status: 'pending',
      })

      r = await api.staff(
        `/complaints/${access.complaintNo}/actions/accept`,
        OPERATOR,
      )
      expect(r.statusCode).toBe(200)
      s = await status(access)
      expect(s.state).toBe('accepted')
      expect(s.deadlines[0]?.status).toBe('met')
      // 30 working days after 10-08 (the 调休 Saturday 10-10 counts): 2026-11-18.
      expect(s.deadlines[1]).toMatchObject({
        kind: 'decision',
        dueDate: '2026-11-18',
        status: 'pending',
      })

      clock = at('2026-10-12 09:00:00')
      r = await api.staff(
        `/complaints/${access.complaintNo}/actions/pause-clock`,
        {
          ...OPERATOR,
          kind: 'expert_review',
          reason: '需组织专家对业绩认定进行复核评审。',
        },
      )
      expect(r.statusCode).toBe(200)
      s = await status(access)
      expect(s.flags.isClockPaused).toBe(true)
      expect(s.deadlines[1]).toMatchObject({ status: 'paused', dueDate: null })
      r = await api.letOut(access.complaintNo, 'decide', {
        ...OPERATOR,
        conclusion: 'substantiated',
        findings: '评标委员会未认定的业绩符合招标文件要求。',
        basis: '《招标投标法实施条例》第七十一条',
        decision: '责令招标人组织原评标委员会重新评审。',
      })
      expect(r.statusCode).toBe(409)
      expect(r.json().message).toContain('请先恢复计时')

      clock = at('2026-10-19 09:00:00')
      r = await api.staff(
        `/complaints/${access.complaintNo}/actions/resume-clock`,
        OPERATOR,
      )
      expect(r.statusCode).toBe(200)
      s = await status(access)
      expect(s.deadlines[1]).toMatchObject({
        excludedWorkdays: 5,
        dueDate: '2026-11-25',
      })

      r = await api.staff(`/complaints/${access.complaintNo}/actions/extend`, {
        ...OPERATOR,
        workdays: 10,
        statement: '案情复杂，需调取原评标过程录像并询问全体评标专家。',
        approvedBy: '厅分管负责人',
      })
      expect(r.statusCode).toBe(200)
      s = await status(access)
      expect(s.flags.isExtended).toBe(true)
      expect(s.deadlines[1]).toMatchObject({
        extensionWorkdays: 10,
        dueDate: '2026-12-09',
      })

      r = await api.staff(
        `/complaints/${access.complaintNo}/actions/record-transcript`,
        {
          ...OPERATOR,
          title: '询问评标委员会组长笔录',
          place: '自治区水利厅三楼会议室',
          interviewee: '评标委员会组长 周某',
          interviewer: '赵科长、钱干事',
          occurredAt: '2026-10-20 10:00:00',
          content: '问：业绩为何未予认定？\n答：当时认为合同金额不足。',
        },
      )
      expect(r.statusCode).toBe(200)
      s = await status(access)
      const transcript = await api.regional('GET', '/api/xjslts/bilu/detail', {
        ...access,
        transcriptId: String(s.transcripts[0]!.id),
      })
      expect(transcript.json().Data).toMatchObject({
        title: '询问评标委员会组长笔录',
        content: '问：业绩为何未予认定？\n答：当时认为合同金额不足。',
      })
      expect(transcript.json().Data.document.url).toMatch(/^\/files\//)

      clock = at('2026-11-02 15:00:00')
      r = await api.letOut(access.complaintNo, 'decide', {
        ...OPERATOR,
        conclusion: 'partly_substantiated',
        findings:
          '投诉人所称业绩中一项符合招标文件要求，评标委员会未予认定有误。',
        basis: '《招标投标法实施条例》第七十一条',
        decision: '责令招标人组织原评标委员会对投诉人业绩重新评审。',
      })
      expect(r.statusCode).toBe(200)
      s = await status(access)
      expect(s.state).toBe('decided')
      expect(s.conclusionLabel).toBe('部分属实')
      expect(s.deadlines[1]?.status).toBe('met')
      expect(s.canApplyWithdrawal).toBe(false)
      const decision = s.documents.find((d) => d.kind === 'decision')!
      expect(decision.label).toBe('处理决定书')
      // Every document the department issued to the complainant carries its seal, and
      // poppler accepts each signature.
      expect(s.documents.map((d) => [d.label, d.isSealed])).toEqual([
        ['补正通知书', true],
        ['受理通知书', true],
        ['期限中止告知书', true],
        ['延期说明书', true],
        ['处理决定书', true],
      ])
      for (const document of s.documents.filter((d) => d.isSealed)) {
        const pdf = await app.inject({
          method: 'GET',
          url: document.url,
          headers: { authorization: `Bearer ${await api.staffToken()}` },
        })
        expect(pdf.statusCode).toBe(200)
        expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
        const report = await pdfsig(t.dataDir, pdf.rawPayload)
        expect(isValidAndUnmodified(report), document.label).toBe(true)
        expect(report).toContain(DEPARTMENT_SEAL_NAME)
      }

      r = await api.regional('POST', '/api/xjslts/receipt/sign', {
        ...access,
        documentId: decision.id,
        signerName: '李明',
      })
      expect(r.statusCode).toBe(200)
      const again = await api.regional('POST', '/api/xjslts/receipt/sign', {
        ...access,
        documentId: decision.id,
        signerName: '李明',
      })
      expect(again.statusCode).toBe(409)
      expect(again.json()).toMatchObject({
        Success: false,
        Msg: '该文书已签收，无需重复签收',
      })

      r = await api.letOut(access.complaintNo, 'publish', {
        ...OPERATOR,
        summary:
          '经调查，投诉部分属实，已责令重新评审。投诉人联系电话13899887766。',
      })
      expect(r.statusCode).toBe(200)
      const list = await api.portal('/Complaint/PageList', {
        pageNo: 1,
        pageSize: 10,
      })
      const page = list.data as {
        Table: { id: number; complaintNo: string; complainantName: string }[]
      }
      const row = page.Table.find(
        (item) => item.complaintNo === access.complaintNo,
      )!
      expect(row.complainantName).toBe('新疆********公司')
      const detail = await api.portal('/Complaint/Detail', { id: row.id })
      const published = detail.data as {
        summary: string
        respondents: unknown[]
      }
      expect(published.summary).toContain('138*****766')
      expect(published.summary).not.toContain('13899887766')
      expect(JSON.stringify(published)).not.toContain('91650100MA77XF1234')

      s = await status(access)
      expect(s.timeline.map((e) => e.type)).toEqual([
        'submit',
        'sign',
        'request-material',
        'answer-material',
        'accept',
        'pause-clock',
        'resume-clock',
        'extend',
        'record-transcript',
        'decide',
        'sign-receipt',
        'publish',
      ])
      expect(s.timeline.every((e) => e.occurredAt && e.reason)).toBe(true)
      // The complainant sees the department; the staff detail names the official.
      expect(s.timeline[1]?.actor).toEqual({
        kind: 'staff',
        name: '行政监督部门',
      })
      const staffDetail = await api.staff(`/complaints/${access.complaintNo}`)
      expect(staffDetail.json().timeline[1].actor).toEqual({
        kind: 'staff',
        name: '赵科长',
      })
      expect(staffDetail.json().contact.phone).toBe('13899887766')
      expect(staffDetail.json().availableActions).toEqual(
        ['resume-activity'].filter(() => false),
      )
    })

    it('accepts automatically when 3 working days pass, after a restart, once across two processes', async () => {
      clock = at('2026-09-29 09:00:00')
      const access = await file()
      await api.staff(
        `/complaints/${access.complaintNo}/actions/sign`,
        OPERATOR,
      )
      // Due 10-09 (国庆节 in between); the server is "down" and comes back on 10-12.
      await app.close()
      clock = at('2026-10-12 08:00:00')
      const appConfig = { ...config, dataDir: t.dataDir }
      const build = () =>
        buildTestApp(t, {
          config: { testHooks: true },
          sms,
          now: () => clock,
          autoAcceptIntervalMs: 3_600_000,
        })
      const [first, second] = await Promise.all([build(), build()])
      await Promise.all([first.ready(), second.ready()])
      // The job runs at start; wait until it has accepted.
      await vi.waitFor(
        async () => {
          const row = await t.db
            .selectFrom('complaint')
            .select('state')
            .where('complaintNo', '=', access.complaintNo)
            .executeTakeFirstOrThrow()
          expect(row.state).toBe('accepted')
        },
        { timeout: 10_000, interval: 20 },
      )
      await Promise.all([first.close(), second.close()])
      app = await build()
      api = complaintTestApi(app, appConfig)
      const s = await status(access)
      expect(s.state).toBe('accepted')
      expect(s.timeline.filter((e) => e.type === 'auto-accept')).toHaveLength(1)
      expect(s.documents.map((d) => d.label)).toEqual(['受理通知书'])
      expect(s.deadlines[0]).toMatchObject({
        dueDate: '2026-10-09',
        status: 'met',
      })
    })

    it('refuses an illegal transition with a clear error and changes nothing', async () => {
      clock = at('2026-10-13 10:00:00')
      const access = await file()
      const before = await eventCount()
      const row = await t.db
        .selectFrom('complaint')
        .select(['version', 'state'])
        .where('complaintNo', '=', access.complaintNo)
        .executeTakeFirstOrThrow()
      const r = await api.letOut(access.complaintNo, 'decide', {
        ...OPERATOR,
        conclusion: 'unsubstantiated',
        findings: '经查，投诉事项缺乏事实依据。',
        basis: '《招标投标法实施条例》第六十一条',
        decision: '驳回投诉。',
      })
      expect(r.statusCode).toBe(409)
      expect(r.json().message).toBe(
        '投诉当前状态为“待签收”，不能作出处理决定（仅在“待处理”状态下可以办理）',
      )
      expect(await eventCount()).toBe(before)
      const after = await t.db
        .selectFrom('complaint')
        .select(['version', 'state'])
        .where('complaintNo', '=', access.complaintNo)
        .executeTakeFirstOrThrow()
      expect(after).toEqual(row)
    })

    it('revokes before signing, and takes a withdrawal request after it, refused back to where it was', async () => {
      clock = at('2026-10-14 10:00:00')
      const first = await file()
      let r = await api.regional('POST', '/api/xjslts/revoke/apply', {
        ...first,
        reason: '已与招标人协商解决。',
      })
      expect(r.json().Data).toMatchObject({ state: 'revoked' })
      // Revoked before any decision on acceptance: that question is gone, and so its deadline.
      const revoked = await status(first)
      expect(revoked.deadlines).toEqual([])
      // The page names the withdrawal with the word its dialog used (「投诉已撤回」), not 撤销.
      expect(revoked.stateLabel).toBe('已撤回')
      expect(revoked.timeline.map((event) => event.label)).toContain('撤回投诉')
      expect(JSON.stringify(revoked)).not.toContain('撤销')

      const second = await file()
      await api.staff(
        `/complaints/${second.complaintNo}/actions/sign`,
        OPERATOR,
      )
      await api.staff(
        `/complaints/${second.complaintNo}/actions/accept`,
        OPERATOR,
      )
      r = await api.regional('POST', '/api/xjslts/revoke/apply', {
        ...second,
        reason: '希望撤回投诉。',
      })
      expect(r.json().Data).toMatchObject({ state: 'withdrawal_requested' })
      r = await api.staff(
        `/complaints/${second.complaintNo}/actions/refuse-withdrawal`,
        {
          ...OPERATOR,
          reason: '撤回可能损害其他投标人的合法权益。',
        },
      )
      expect(r.json()).toMatchObject({ state: 'accepted' })
      r = await api.regional('POST', '/api/xjslts/revoke/apply', {
        ...second,
        reason: '再次申请撤回投诉。',
      })
      r = await api.staff(
        `/complaints/${second.complaintNo}/actions/grant-withdrawal`,
        {
          ...OPERATOR,
          reason: '撤回不损害国家利益和他人合法权益。',
        },
      )
      expect(r.json()).toMatchObject({ state: 'withdrawn' })
      r = await api.regional('POST', '/api/xjslts/revoke/apply', {
        ...second,
        reason: '第三次申请撤回投诉。',
      })
      expect(r.statusCode).toBe(409)
      expect(r.json().Msg).toBe(
        '投诉当前状态为“同意撤回”，不能申请撤回投诉（仅在“待受理、待处理”状态下可以办理）',
      )
    })

    it('refuses and transfers with their notices; the complainant is texted', async () => {
      clock = at('2026-10-15 10:00:00')
      const a = await file()
      let r = await api.staff(`/complaints/${a.complaintNo}/actions/refuse`, {
        ...OPERATOR,
        reason: '投诉超过法定投诉期限。',
      })
      expect(r.json()).toMatchObject({ state: 'refused' })
      await app.smsOutbox.settled()
      expect(sms.sent.at(-1)).toEqual(
        expect.objectContaining({
          phone: '13899887766',
          text: `【${PLATFORM_NAME}】您的投诉（编号${a.complaintNo}）不予受理，不予受理通知书已送达，请登录投诉查询查看并签收。`,
        }),
      )
      const b = await file()
      await api.staff(`/complaints/${b.complaintNo}/actions/sign`, OPERATOR)
      r = await api.staff(`/complaints/${b.complaintNo}/actions/transfer`, {
        ...OPERATOR,
        receiver: '阿克苏地区水利局',
        reason: '该项目由地区水利局监督。',
      })
      expect(r.json()).toMatchObject({ state: 'transferred' })
      expect((await status(b)).documents.map((d) => d.label)).toEqual([
        '移交告知书',
      ])
      r = await api.staff(
        `/complaints/${b.complaintNo}/actions/suspend-activity`,
        {
          ...OPERATOR,
          reason: '防止损失扩大。',
        },
      )
      expect(r.statusCode).toBe(409)
    })

    it('suspends and resumes the tendering activity with notices', async () => {
      clock = at('2026-10-16 10:00:00')
      const a = await file()
      await api.staff(`/complaints/${a.complaintNo}/actions/sign`, OPERATOR)
      let r = await api.staff(
        `/complaints/${a.complaintNo}/actions/suspend-activity`,
        {
          ...OPERATOR,
          reason: '投诉事项可能影响中标结果。',
        },
      )
      expect((await status(a)).flags.isActivitySuspended).toBe(true)
      r = await api.staff(
        `/complaints/${a.complaintNo}/actions/resume-activity`,
        {
          ...OPERATOR,
          reason: '经初步核查，可以恢复。',
        },
      )
      expect(r.statusCode).toBe(200)
      const s = await status(a)
      expect(s.flags.isActivitySuspended).toBe(false)
      expect(s.documents.map((d) => d.label)).toEqual([
        '暂停招标投标活动通知书',
        '恢复招标投标活动通知书',
      ])
    })

    describe('refusals', () => {
      it('refuses the staff API without a token and with a wrong one', async () => {
        expect(
          (await api.staff('/complaints', undefined, null)).statusCode,
        ).toBe(401)
        const wrong = await api.staff(
          '/complaints',
          undefined,
          'not-the-token-0123456789',
        )
        expect(wrong.statusCode).toBe(401)
        expect(wrong.json().message).toBe('个人API令牌无效')
        // The shared environment token no longer opens the staff API (only /metrics).
        const shared = await api.staff(
          '/complaints',
          undefined,
          config.staffApiToken,
        )
        expect(shared.statusCode).toBe(401)
        expect((await api.staff('/complaints')).statusCode).toBe(200)
      })

      it('never lets a staff answer be stored or sniffed, a refusal included', async () => {
        for (const answer of [
          await api.staff('/complaints', undefined, null),
          await api.staff('/complaints'),
        ]) {
          expect(answer.headers['cache-control']).toBe('no-store')
          expect(answer.headers['x-content-type-options']).toBe('nosniff')
        }
      })

      it('answers an unknown number and a wrong code alike', async () => {
        const a = await file()
        const unknown = await api.regional('GET', '/api/xjslts/tsbhcx', {
          complaintNo: '209901010001',
          queryCode: a.queryCode,
        })
        const wrong = await api.regional('GET', '/api/xjslts/tsbhcx', {
          complaintNo: a.complaintNo,
          queryCode: 'ABCDEFGHJKMN',
        })
        expect(unknown.statusCode).toBe(404)
        expect(unknown.json()).toEqual({
          Success: false,
          State: 404,
          Msg: '投诉编号或查询码不正确',
        })
        expect(wrong.json()).toEqual(unknown.json())
        const byCode = await api.regional('GET', '/api/xjslts/cxmcx', {
          queryCode: a.queryCode.toLowerCase(),
        })
        expect(byCode.json().Data.complaintNo).toBe(a.complaintNo)
        const staffUnknown = await api.staff(
          '/complaints/209901010001/actions/sign',
          OPERATOR,
        )
        expect(staffUnknown.statusCode).toBe(404)
        expect(staffUnknown.json().message).toBe('投诉编号209901010001不存在')
      })

      it('refuses a reused nonce and stores nothing the second time', async () => {
        const a = await file()
        const nonce = 'fixed-nonce-0123456789abcdef'
        const body = { ...a, reason: '已与招标人协商解决。' }
        const first = await api.regional(
          'POST',
          '/api/xjslts/revoke/apply',
          body,
          nonce,
        )
        expect(first.statusCode).toBe(200)
        const before = await eventCount()
        const replay = await api.regional(
          'POST',
          '/api/xjslts/revoke/apply',
          body,
          nonce,
        )
        expect(replay.statusCode).toBe(401)
        expect(replay.json().Msg).toBe('请求已被使用，请勿重复提交')
        expect(await eventCount()).toBe(before)
      })

      it('refuses missing fields, oversized text and scripts in a staff action, changing nothing', async () => {
        const a = await file()
        await api.staff(`/complaints/${a.complaintNo}/actions/sign`, OPERATOR)
        const before = await eventCount()
        const missing = await api.staff(
          `/complaints/${a.complaintNo}/actions/refuse`,
          OPERATOR,
        )
        expect(missing.statusCode).toBe(400)
        expect(missing.json().message).toBe('请填写不予受理理由')
        const oversized = await api.staff(
          `/complaints/${a.complaintNo}/actions/refuse`,
          {
            ...OPERATOR,
            reason: '长'.repeat(2001),
          },
        )
        expect(oversized.json().message).toBe('不予受理理由不能超过2000个字')
        const unknown = await api.staff(
          `/complaints/${a.complaintNo}/actions/destroy`,
          OPERATOR,
        )
        expect(unknown.statusCode).toBe(404)
        expect(await eventCount()).toBe(before)
        const oversizedAnswer = await api.regional(
          'POST',
          '/api/xjslts/tscshsb',
          {
            ...a,
            requestId: 1,
            answerText: '长'.repeat(2001),
          },
        )
        expect(oversizedAnswer.json()).toMatchObject({
          Success: false,
          Msg: '补正说明不能超过2000个字',
        })
        expect(await eventCount()).toBe(before)
      })

      it('answers malformed requests to the staff API with Chinese messages', async () => {
        const a = await file()
        const malformedNo = await api.staff('/complaints/2026-1')
        expect(malformedNo.statusCode).toBe(400)
        expect(malformedNo.json()).toEqual({ message: '投诉编号应为12位数字' })
        const unknown = await api.staff(
          `/complaints/${a.complaintNo}/actions/destroy`,
          OPERATOR,
        )
        expect(unknown.json().message).toMatch(/^没有“destroy”这项办理操作/)
        const badJson = await app.inject({
          method: 'POST',
          url: `/staff-api/complaints/${a.complaintNo}/actions/sign`,
          payload: '{"operator":',
          headers: {
            authorization: `Bearer ${await api.staffToken()}`,
            'content-type': 'application/json',
          },
        })
        expect(badJson.statusCode).toBe(400)
        expect(badJson.json()).toEqual({ message: MSG_BAD_REQUEST_BODY })
        const noBody = await app.inject({
          method: 'POST',
          url: `/staff-api/complaints/${a.complaintNo}/actions/refuse`,
          headers: { authorization: `Bearer ${await api.staffToken()}` },
        })
        expect(noBody.json()).toEqual({ message: '请填写不予受理理由' })
      })
    })

    describe('feedback', () => {
      it('takes a message, shows it only once answered, masked, and limits submissions', async () => {
        const sent = await api.portal('/Complaint/Feedback', {
          ...(await solvedCaptcha(app)),
          name: '王小明',
          phone: '13712345678',
          title: '关于处理结果公开的建议',
          content:
            '建议在处理结果中注明重新评审的完成时间，联系电话13712345678。',
        })
        expect(sent.status).toBe(200)
        const { id } = sent.data as { id: number }
        let page = (await api.portal('/Complaint/FeedbackDetail', { id }))
          .data as { Total: number }
        expect(page.Total).toBe(0)
        const reply = await api.staff(`/feedback/${id}/reply`, {
          reply: '感谢建议，已在后续公开中注明。',
        })
        expect(reply.statusCode).toBe(200)
        // A second person lets the reply onto the public page (decision 0080).
        const approved = await api.staff(
          `/feedback/${id}/approve`,
          {},
          await api.drafter(),
        )
        expect(approved.statusCode, approved.body).toBe(200)
        // Portal API reads are cached for 10 s (README): ask with another page size.
        const shown = (
          await api.portal('/Complaint/FeedbackDetail', { id, pageSize: 5 })
        ).data as {
          Table: { name: string; content: string; reply: string }[]
        }
        expect(shown.Table[0]).toMatchObject({
          name: '王*明',
          reply: '感谢建议，已在后续公开中注明。',
        })
        expect(shown.Table[0]?.content).not.toContain('13712345678')
        const bad = await api.portal('/Complaint/Feedback', {
          name: '王小明',
          phone: '123',
          title: '标题',
          content: '<script>alert(1)</script>内容足够长的留言内容',
        })
        expect(bad.envelope).toMatchObject({
          State: 400,
          Msg: expect.stringContaining('手机号码'),
        })
        let last = bad
        for (let i = 0; i < 4; i++)
          last = await api.portal('/Complaint/Feedback', {
            ...(await solvedCaptcha(app)),
            name: '王小明',
            phone: '13712345678',
            title: '重复留言',
            content: '这是一条重复提交的留言内容。',
          })
        expect(last.envelope).toEqual({
          State: 429,
          Msg: '提交过于频繁，请稍后再试',
        })
        page = (await api.portal('/Complaint/FeedbackDetail', { pageNo: 1 }))
          .data as { Total: number }
        expect(page.Total).toBeGreaterThanOrEqual(1)
      })
    })
  },
)
