import { randomBytes } from 'node:crypto'

import type { FastifyInstance } from 'fastify'
import {
  createContext,
  type RouterContextProvider,
  type ServerBuild,
} from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { PortalApi } from '#common/portal-api.ts'
import { createDatabase } from '#server/db/database.ts'
import { testConfig } from '#tests/app-config.ts'
import { complaintTestApi } from '#tests/complaint-test-api.ts'
import {
  contentStaff,
  noticeFields,
  publishNotice,
} from '#tests/content-test-api.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { hasTestRedis, TEST_REDIS_URL } from '#tests/redis.ts'
import { oneDocumentBuild } from '#tests/server-build.ts'
import { buildTestApp } from '#tests/test-app.ts'

const portalApiContext = createContext<PortalApi>()

/**
 * A one-page build whose document lists the titles of the newest notices, read through the
 * app's cached Portal API as the real news list does: what the page cache keeps is what a
 * visitor sees.
 */
function newsListBuild(): ServerBuild {
  return oneDocumentBuild(
    async (
      _request: Request,
      status: number,
      headers: Headers,
      _entry: unknown,
      context: RouterContextProvider,
    ) => {
      const page = await context.get(portalApiContext).articlePageList({
        ptype: 'jd',
        ctype: '1073',
        pageNo: 1,
        pageSize: 10,
      })
      headers.set('Content-Type', 'text/html; charset=utf-8')
      const items = page.Table.map((row) => `<li>${row.title}</li>`)
      return new Response(
        `<!DOCTYPE html><html lang="zh-CN"><body><ul>${items.join('')}</ul></body></html>`,
        { status, headers },
      )
    },
    { portalApiContext },
  )
}

describe.each(testEngines)('cached public content on %s', (engine) => {
  let t: TestDatabase

  beforeAll(async () => {
    t = await createTestDatabase(engine)
  })
  afterAll(async () => {
    await t?.destroy()
  })

  const listedBy = (app: FastifyInstance) => async () => {
    const { data } = await complaintTestApi(app, {
      ...testConfig(''),
      dataDir: t.dataDir,
    }).portal('/Article/PageList', { ctype: '1073', pageNo: 1, pageSize: 10 })
    return (data as { Table: { title: string }[] }).Table.map((r) => r.title)
  }
  const pageOf = (app: FastifyInstance) => async () =>
    (await app.inject({ url: '/' })).body

  it('shows a publication and a withdrawal in the next page and Portal API answer, not after 10 s', async () => {
    const app = await buildTestApp(t, {
      pageBuild: newsListBuild(),
      contentScheduleIntervalMs: null,
    })
    try {
      const staff = await contentStaff(app)
      const listed = listedBy(app)
      const page = pageOf(app)
      // Both caches hold the list from here on.
      expect(await listed()).not.toContain('关于防汛物资储备检查的通知')
      expect(await page()).not.toContain('关于防汛物资储备检查的通知')
      const item = await publishNotice(
        staff,
        noticeFields('关于防汛物资储备检查的通知'),
      )
      expect(await listed()).toContain('关于防汛物资储备检查的通知')
      expect(await page()).toContain('关于防汛物资储备检查的通知')

      await staff.reviewer.call('POST', `/content/items/${item.id}/withdraw`, {
        reason: '内容有误',
      })
      expect(await page()).not.toContain('关于防汛物资储备检查的通知')
      expect(await listed()).not.toContain('关于防汛物资储备检查的通知')
    } finally {
      await app.close()
    }
  })

  it.runIf(hasTestRedis)(
    'clears the caches of every process through Redis, long before they expire',
    async () => {
      const config = { redisUrl: TEST_REDIS_URL }
      const channel = `test:content-changes:${randomBytes(6).toString('hex')}`
      // The portals' clock stands still, so their caches (10 s) never expire here: what the
      // other process shows afresh it learnt through the channel. How soon is a matter of the
      // machine's load, not asserted (docs/architecture.md: within a second).
      const frozen = new Date()
      const options = {
        config,
        pageBuild: newsListBuild(),
        contentScheduleIntervalMs: null,
        contentChangesChannel: channel,
        now: () => frozen,
      }
      // Two processes of one portal on one database, each with its own caches.
      const secondDb = await createDatabase({
        dataDir: t.dataDir,
        databaseUrl: t.databaseUrl,
      })
      const one = await buildTestApp(t, options)
      const other = await buildTestApp({ ...t, db: secondDb }, options)
      try {
        const staff = await contentStaff(one)
        const listed = listedBy(other)
        const page = pageOf(other)
        expect(await listed()).not.toContain('关于跨进程发布的通知')
        expect(await page()).not.toContain('关于跨进程发布的通知')
        await publishNotice(staff, noticeFields('关于跨进程发布的通知'))
        await expect.poll(listed).toContain('关于跨进程发布的通知')
        expect(await page()).toContain('关于跨进程发布的通知')
      } finally {
        await one.close()
        await other.close()
        await secondDb.destroy()
      }
    },
  )
})
