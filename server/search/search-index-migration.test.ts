import { afterEach, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createMigrator, migrateToLatest } from '#server/db/database.ts'
import {
  indexSearchDocuments,
  removeSearchDocuments,
  type SearchDocumentInput,
} from './search-index.ts'
import { searchPageList } from './search-service.ts'

const older: SearchDocumentInput = {
  type: 'article',
  refId: 90_001,
  title: '翡翠渠首鹳雀闸检修公告',
  body: '汛前完成鹭洲检修。',
  publishTime: '2025-03-01 09:00:00',
}
const newer: SearchDocumentInput = {
  type: 'policy',
  refId: 90_002,
  title: '水利设施管理办法',
  body: '鹳雀闸应当定期鹭洲检修，翡翠渠管理处负责。',
  publishTime: '2026-03-01 09:00:00',
}

describe.each(testEngines)('migration 0019 on %s', (engine) => {
  let test: TestDatabase | undefined
  afterEach(async () => {
    await test?.destroy()
    test = undefined
  })

  it('finds what was indexed before it, newest first, and keeps the index in step after', async () => {
    test = await createTestDatabase(engine)
    const { db } = test
    const down = await createMigrator(db).migrateTo(
      '0017_add_project_corrections',
    )
    expect(down.error).toBeUndefined()
    await indexSearchDocuments(db, [older, newer])
    await migrateToLatest(db)

    const search = async (keyword: string, type?: 'article' | 'policy') =>
      (
        await searchPageList(db, { keyword, type, pageNo: 1, pageSize: 10 })
      ).Table.map((hit) => hit.refId)
    // The title match first, then the newer body match; the type filter holds.
    expect(await search('鹳雀闸')).toEqual([90_001, 90_002])
    expect(await search('翡翠渠')).toEqual([90_001, 90_002])
    expect(await search('鹭洲检修', 'policy')).toEqual([90_002])
    // The seeded content is there too.
    expect(
      (await searchPageList(db, { keyword: '水', pageNo: 1, pageSize: 10 }))
        .Total,
    ).toBeGreaterThan(10)

    // A later write moves an entry in time; a removal takes it out.
    await indexSearchDocuments(db, [
      { ...older, title: '翡翠渠检修公告', publishTime: '2026-06-01 09:00:00' },
    ])
    expect(await search('翡翠渠')).toEqual([90_001, 90_002])
    expect(await search('鹭洲检修')).toEqual([90_001, 90_002])
    expect(await search('鹳雀闸')).toEqual([90_002])
    await removeSearchDocuments(db, [{ type: 'article', refId: 90_001 }])
    expect(await search('鹭洲检修')).toEqual([90_002])
  })
})
