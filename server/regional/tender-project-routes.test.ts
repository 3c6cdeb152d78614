import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { TenderProjectSchema } from '#common/schemas/complaint/complaint-verification.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { regionalRequest } from '#tests/signed-requests.ts'
import { buildTestApp } from '#tests/test-app.ts'

const base = '/xjApi/api/xjslts/tender/project/page'

describe.each(testEngines)(
  'tendered projects to complain about on %s',
  (engine) => {
    let test: TestDatabase
    let app: FastifyInstance

    beforeAll(async () => {
      test = await createTestDatabase(engine)
      app = await buildTestApp(test)
    })
    afterAll(async () => {
      await app.close()
      await test.destroy()
    })

    const get = (query: string) =>
      app.inject(regionalRequest('GET', `${base}${query}`))

    it('pages the engineering projects newest first in the regional page envelope', async () => {
      const total = Number(
        (
          await test.db
            .selectFrom('project')
            .where('category', '=', 1)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
      const first = (await get('?pageNo=1&pageSize=10')).json()
      expect(first.success).toBe(true)
      expect(first.page).toEqual({ pageNo: 1, pageSize: 10, total })
      expect(first.data).toHaveLength(Math.min(10, total))
      for (const item of first.data)
        expect(TenderProjectSchema.parse(item).categoryName).toBe('工程建设')
      const times = first.data.map(
        (p: { publishTime: string }) => p.publishTime,
      )
      expect(times).toEqual([...times].sort().reverse())
      const second = (await get('?pageNo=2&pageSize=10')).json()
      const ids = new Set(first.data.map((p: { id: string }) => p.id))
      expect(second.data.some((p: { id: string }) => ids.has(p.id))).toBe(false)
    })

    it('finds projects by a keyword of their name', async () => {
      const project = await test.db
        .selectFrom('project')
        .where('category', '=', 1)
        .select(['id', 'name'])
        .orderBy('id')
        .executeTakeFirstOrThrow()
      const keyword = Array.from(project.name).slice(0, 6).join('')
      const found = (
        await get(
          `?keyword=${encodeURIComponent(keyword)}&pageNo=1&pageSize=50`,
        )
      ).json()
      expect(found.page.total).toBeGreaterThan(0)
      expect(found.data.map((p: { id: string }) => p.id)).toContain(
        String(project.id),
      )
      const none = (
        await get(`?keyword=${encodeURIComponent('没有这样的项目名称')}`)
      ).json()
      expect(none).toEqual({
        success: true,
        data: [],
        page: { pageNo: 1, pageSize: 10, total: 0 },
      })
    })

    it('refuses a page size over 100 with a message', async () => {
      const response = await get('?pageNo=1&pageSize=500')
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ Success: false, State: 400 })
      expect(response.json().Msg).toMatch(/pageSize/)
    })
  },
)
