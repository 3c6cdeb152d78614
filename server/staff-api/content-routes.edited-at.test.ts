import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ContentItemDetail } from '#common/schemas/content/workflow.ts'
import { baseOf, contentStaff, noticeFields } from '#tests/content-test-api.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'

const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`)

describe.each(testEngines)('a revision’s 最后保存于 on %s', (engine) => {
  let t: TestDatabase
  let app: FastifyInstance
  let staff: Awaited<ReturnType<typeof contentStaff>>
  let clock = at('2026-11-24 09:00:00')

  beforeAll(async () => {
    t = await createTestDatabase(engine, { isEmpty: true })
    app = await buildTestApp(t, {
      contentScheduleIntervalMs: null,
      now: () => clock,
    })
    staff = await contentStaff(app)
  })
  afterAll(async () => {
    await app?.close()
    await t?.destroy()
  })

  it('is when the text was last saved, not when it was submitted or returned', async () => {
    let item = (
      await staff.editor.call('POST', '/content/items', {
        kind: 'article',
        fields: noticeFields('关于开展汛前安全检查的通知'),
      })
    ).json<ContentItemDetail>()
    expect(item.working).toMatchObject({
      createdAt: '2026-11-24 09:00:00',
      editedAt: '2026-11-24 09:00:00',
    })

    clock = at('2026-11-24 10:30:00')
    item = (
      await staff.editor.call('PUT', `/content/items/${item.id}/draft`, {
        kind: 'article',
        fields: noticeFields('关于开展汛前安全检查的通知', {
          content: '<p>请于5月31日前完成检查。</p>',
        }),
        base: baseOf(item),
      })
    ).json<ContentItemDetail>()
    clock = at('2026-11-24 11:00:00')
    item = (
      await staff.editor.call('POST', `/content/items/${item.id}/submit`, {
        base: baseOf(item),
      })
    ).json<ContentItemDetail>()
    clock = at('2026-11-24 15:00:00')
    const returned = await staff.reviewer.call(
      'POST',
      `/content/items/${item.id}/return`,
      { base: baseOf(item), comment: '请补充检查范围。' },
    )
    expect(returned.statusCode, returned.body).toBe(200)
    item = returned.json<ContentItemDetail>()
    expect(item.working).toMatchObject({
      state: 'returned',
      editedAt: '2026-11-24 10:30:00',
      updatedAt: '2026-11-24 15:00:00',
    })
  })
})
