import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createPortalApiService } from './portal-api-service.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'

import { createArticleViewCounter } from '#server/articles/article-views.ts'
import { addArticleViews } from '#server/articles/article-write-repository.ts'

async function storedViews(test: TestDatabase, id: number) {
  const row = await test.db
    .selectFrom('article')
    .select('views')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return Number(row.views)
}

describe.each(testEngines)('article views on %s', (engine) => {
  let test: TestDatabase
  let id: number
  beforeAll(async () => {
    test = await createTestDatabase(engine)
    const row = await test.db
      .selectFrom('article')
      .select('id')
      .where('isPublished', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    id = row.id
  })
  afterAll(() => test.destroy())

  it('shows each reader the view they are part of, and writes the views of a second together', async () => {
    // A flush far off: the test writes when it chooses.
    const views = createArticleViewCounter(test.db, { flushMs: 60_000 })
    const api = createPortalApiService(test.db, { views })
    const before = await storedViews(test, id)
    const seen: number[] = []
    for (let i = 0; i < 5; i++)
      seen.push((await api.articleDetail({ id, ptype: 'jd' }))!.views)
    expect(seen).toEqual([1, 2, 3, 4, 5].map((n) => before + n))
    // Nothing is written per view.
    expect(await storedViews(test, id)).toBe(before)
    await views.flush()
    expect(await storedViews(test, id)).toBe(before + 5)
    expect((await api.articleDetail({ id, ptype: 'jd' }))!.views).toBe(
      before + 6,
    )
    await views.close()
    expect(await storedViews(test, id)).toBe(before + 6)
  })

  it('still counts the views being written while a reader reads', async () => {
    // The write is held half way, as a busy database holds it, until the reader has asked.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    let started = () => {}
    const writeStarted = new Promise<void>((resolve) => (started = resolve))
    const views = createArticleViewCounter(test.db, {
      flushMs: 60_000,
      write: async (db, batch) => {
        started()
        await released
        await addArticleViews(db, batch)
      },
    })
    const before = await storedViews(test, id)
    views.add(id)
    views.add(id)
    const flushing = views.flush()
    await writeStarted
    expect(await storedViews(test, id)).toBe(before)
    expect(views.pending(id)).toBe(2)
    release()
    await flushing
    expect(await storedViews(test, id)).toBe(before + 2)
    expect(views.pending(id)).toBe(0)
    await views.close()
  })

  it('adds the views of two processes together', async () => {
    const first = createArticleViewCounter(test.db, { flushMs: 60_000 })
    const second = createArticleViewCounter(test.db, { flushMs: 60_000 })
    const before = await storedViews(test, id)
    for (let i = 0; i < 3; i++) first.add(id)
    for (let i = 0; i < 4; i++) second.add(id)
    await Promise.all([first.close(), second.close()])
    expect(await storedViews(test, id)).toBe(before + 7)
  })

  it('writes on its own every flush interval', async () => {
    const views = createArticleViewCounter(test.db, { flushMs: 50 })
    const before = await storedViews(test, id)
    views.add(id)
    await expect.poll(() => storedViews(test, id)).toBe(before + 1)
    await views.close()
  })
})
