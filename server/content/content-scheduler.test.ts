import { spawn } from 'node:child_process'
import path from 'node:path'

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ContentItemDetail } from '#common/schemas/content/workflow.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { SERVER_NODE_FLAGS } from '#server/shared/runtime-flags.ts'
import { testConfig } from '#tests/app-config.ts'
import { complaintTestApi } from '#tests/complaint-test-api.ts'
import { baseOf, contentStaff, noticeFields } from '#tests/content-test-api.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'
import { TEST_NOW } from '#tests/setup/test-clock.ts'

type Page = { Table: { id: number; title: string; publishTime: string }[] }

describe.each(testEngines)('scheduled publications on %s', (engine) => {
  let t: TestDatabase
  let app: FastifyInstance
  let staff: Awaited<ReturnType<typeof contentStaff>>
  let clock = new Date(TEST_NOW)

  /** The app the tests drive: its scheduler runs only when a test asks, never on a timer. */
  async function startDrivenApp() {
    app = await buildTestApp(t, {
      now: () => clock,
      contentScheduleIntervalMs: null,
    })
    staff = await contentStaff(app)
  }

  beforeAll(async () => {
    t = await createTestDatabase(engine)
    await startDrivenApp()
  })
  afterAll(async () => {
    await app?.close()
    await t?.destroy()
  })

  const listed = async (on: FastifyInstance) =>
    (
      (
        await complaintTestApi(on, {
          ...testConfig(''),
          dataDir: t.dataDir,
        }).portal('/Article/PageList', {
          ctype: '1073',
          pageNo: 1,
          pageSize: 10,
        })
      ).data as Page
    ).Table

  /** A notice approved for publication `aheadMs` after the clock. */
  async function schedule(title: string, aheadMs: number) {
    const created = await staff.editor.call('POST', '/content/items', {
      kind: 'article',
      fields: noticeFields(title),
    })
    let item = created.json<ContentItemDetail>()
    item = (
      await staff.editor.call('POST', `/content/items/${item.id}/submit`, {
        base: baseOf(item),
      })
    ).json()
    const publishAt = toShanghaiText(new Date(clock.getTime() + aheadMs))
    const approved = await staff.reviewer.call(
      'POST',
      `/content/items/${item.id}/approve`,
      { base: baseOf(item), publishAt },
    )
    expect(approved.statusCode, approved.body).toBe(200)
    return { item: approved.json<ContentItemDetail>(), publishAt }
  }

  it('publishes a scheduled notice at its time, not before, under the scheduled time', async () => {
    const { item, publishAt } = await schedule(
      '关于春季灌溉用水调度的通知',
      60_000,
    )
    await listed(app) // the Portal API's cache holds the list from now on
    clock = new Date(clock.getTime() + 59_000)
    await app.contentScheduler.runNow()
    expect((await staff.reviewer.item(item.id)).itemState).toBe('unpublished')
    expect((await listed(app)).map((row) => row.title)).not.toContain(
      '关于春季灌溉用水调度的通知',
    )

    clock = new Date(clock.getTime() + 2_000)
    await app.contentScheduler.runNow()
    const published = await staff.reviewer.item(item.id)
    expect(published).toMatchObject({
      itemState: 'published',
      working: { state: 'published', publisherName: '张审核' },
    })
    // In the list at once, though its cached copy was younger than 10 s.
    const [first] = await listed(app)
    expect(first).toMatchObject({
      title: '关于春季灌溉用水调度的通知',
      publishTime: publishAt,
    })
    const audit = await t.db
      .selectFrom('staffAudit')
      .select(['accountName', 'outcome'])
      .where('action', '=', 'content.publish-scheduled')
      .where('target', '=', `内容 ${item.id}《关于春季灌溉用水调度的通知》`)
      .execute()
    expect(audit).toEqual([{ accountName: '（定时发布）', outcome: 'ok' }])
  })

  it('publishes once when two processes find the same revision due', async () => {
    const { item } = await schedule('关于开展水资源论证复核的通知', 30_000)
    clock = new Date(clock.getTime() + 31_000)
    const processes = [0, 1].map(() =>
      spawn(
        process.execPath,
        [
          ...SERVER_NODE_FLAGS,
          'tests/content-publisher-process.ts',
          t.dataDir,
          t.databaseUrl ?? '',
          clock.toISOString(),
        ],
        { cwd: path.resolve(import.meta.dirname, '../..') },
      ),
    )
    const outputs = processes.map((child) => {
      let text = ''
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()))
      return () => text
    })
    // Both connected and waiting, then both told to look at once. Starting two Node processes
    // has taken more than 20 s on a loaded machine: only a run that fails waits the full bound.
    await expect
      .poll(() => outputs.every((output) => output().includes('ready')), {
        timeout: 120_000,
      })
      .toBe(true)
    for (const child of processes) child.stdin.write('go\n')
    await Promise.all(
      processes.map(
        (child) => new Promise((resolve) => child.once('exit', resolve)),
      ),
    )
    const counts = outputs.map((output) =>
      Number(/published (\d+)/.exec(output())?.[1] ?? Number.NaN),
    )
    expect(counts.sort(), outputs.map((o) => o()).join('\n')).toEqual([0, 1])
    const rows = await t.db
      .selectFrom('article')
      .select('id')
      .where('title', '=', '关于开展水资源论证复核的通知')
      .execute()
    expect(rows).toHaveLength(1)
    expect(await staff.reviewer.item(item.id)).toMatchObject({
      itemState: 'published',
      history: [{ state: 'published' }],
    })
  }, 240_000)

  it('publishes what fell due while the server was down as soon as it is back, and on time after', async () => {
    const { item: late } = await schedule('关于停水检修的通知', 60_000)
    await app.close()
    clock = new Date(clock.getTime() + 10 * 60_000) // down past its time
    // Back with the scheduler on its own timer, as in production.
    app = await buildTestApp(t, {
      now: () => clock,
      contentScheduleIntervalMs: 200,
    })
    await app.ready()
    staff = await contentStaff(app)
    try {
      await expect
        .poll(async () => (await staff.reviewer.item(late.id)).itemState)
        .toBe('published')

      const { item: next } = await schedule('关于召开防汛工作会议的通知', 1_000)
      clock = new Date(clock.getTime() + 1_500)
      await expect
        .poll(async () => (await staff.reviewer.item(next.id)).itemState, {
          interval: 100,
        })
        .toBe('published')
    } finally {
      // The other tests drive the scheduler themselves: a timer of this app's would publish
      // what they mean the processes they start to find due.
      await app.close()
      await startDrivenApp()
    }
  })
})
