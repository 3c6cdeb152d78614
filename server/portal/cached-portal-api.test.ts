import { describe, expect, it, vi } from 'vitest'

import { createTestDatabase, testEngines } from '#tests/db.ts'

import { createCachedPortalApi } from './cached-portal-api.ts'
import { createPortalApiService } from './portal-api-service.ts'

describe.each(testEngines)(
  'the read cache in front of the Portal API on %s',
  (engine) => {
    it('serves a repeated list from memory until the TTL passes, and never caches details', async () => {
      const test = await createTestDatabase(engine)
      // Only the clock is faked: the TTL passes when the test says, however slow the database.
      vi.useFakeTimers({ toFake: ['Date'] })
      try {
        const api = createCachedPortalApi(createPortalApiService(test.db), {
          ttlMs: 200,
        })
        const query = { pageNo: 1, pageSize: 10, ptype: 'jd', ctype: '1073' }
        const first = await api.articlePageList(query)
        await test.db
          .updateTable('article')
          .set({ title: '已更新的标题' })
          .execute()
        expect((await api.articlePageList(query)).Table[0]?.title).toBe(
          first.Table[0]?.title,
        )
        vi.setSystemTime(Date.now() + 250)
        expect((await api.articlePageList(query)).Table[0]?.title).toBe(
          '已更新的标题',
        )

        const id = first.Table[0]!.id
        const before = (await api.articleDetail({ id, ptype: 'jd' }))!.views
        expect((await api.articleDetail({ id, ptype: 'jd' }))!.views).toBe(
          before + 1,
        )
      } finally {
        vi.useRealTimers()
        await test.destroy()
      }
    })
  },
)
