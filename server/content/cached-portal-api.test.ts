import { describe, expect, it } from 'vitest'

import { createTestDatabase, testEngines } from '#tests/db.ts'

import { createCachedPortalApi } from './cached-portal-api.ts'
import { createPortalApiService } from './portal-api-service.ts'

describe.each(testEngines)(
  'the read cache in front of the Portal API on %s',
  (engine) => {
    it('serves a repeated list from memory until the TTL passes, and never caches details', async () => {
      const test = await createTestDatabase(engine)
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
        await new Promise((r) => setTimeout(r, 250))
        expect((await api.articlePageList(query)).Table[0]?.title).toBe(
          '已更新的标题',
        )

        const id = first.Table[0]!.id
        const before = (await api.articleDetail({ id, ptype: 'jd' }))!.views
        expect((await api.articleDetail({ id, ptype: 'jd' }))!.views).toBe(
          before + 1,
        )
      } finally {
        await test.destroy()
      }
    })
  },
)
