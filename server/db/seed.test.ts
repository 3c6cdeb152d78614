import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  seededAt,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { toShanghaiText } from '#server/content/publish-time.ts'
import { seedDemoContent } from './seed.ts'

describe.each(testEngines)('demo content on %s', (engine) => {
  let test: TestDatabase

  beforeAll(async () => {
    test = await createTestDatabase(engine)
  })
  afterAll(() => test.destroy())

  it('does nothing when articles already exist', async () => {
    expect(await seedDemoContent(test.db, test.storage)).toBeNull()
  })

  it('has at least 60 articles over the three news categories, up to today', async () => {
    const rows = await test.db
      .selectFrom('article')
      .select([
        'categoryId',
        (eb) => eb.fn.countAll<number | string>().as('total'),
        (eb) => eb.fn.max('publishTime').as('newest'),
      ])
      .groupBy('categoryId')
      .execute()
    const total = rows.reduce((sum, row) => sum + Number(row.total), 0)
    expect(total).toBeGreaterThanOrEqual(60)
    expect(rows.map((row) => row.categoryId).sort()).toEqual([1001, 1002, 1073])
    const now = toShanghaiText(seededAt)
    for (const row of rows) expect(row.newest <= now).toBe(true)
  })

  it('has something for the today and last 7 days filters of the "all" tab', async () => {
    const today = toShanghaiText(seededAt).slice(0, 10)
    const sevenDaysAgo = toShanghaiText(
      new Date(seededAt.getTime() - 7 * 86_400_000),
    ).slice(0, 10)
    const count = (from: string) =>
      test.db
        .selectFrom('article')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('categoryId', 'in', [1073, 1001])
        .where('publishTime', '>=', `${from} 00:00:00`)
        .executeTakeFirstOrThrow()
    expect(Number((await count(today)).n)).toBeGreaterThanOrEqual(1)
    expect(Number((await count(sevenDaysAgo)).n)).toBeGreaterThanOrEqual(4)
  })

  it('stores real PDF attachments whose Chinese text can be extracted', async () => {
    const file = await test.db
      .selectFrom('file')
      .selectAll()
      .where('mime', '=', 'application/pdf')
      .executeTakeFirstOrThrow()
    const bytes = await buffer((await test.storage.get(file.storageKey))!)
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect(bytes.byteLength).toBeLessThan(200_000)
    const target = path.join(
      mkdtempSync(path.join(os.tmpdir(), 'pdf-')),
      'a.pdf',
    )
    writeFileSync(target, bytes)
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', target, '-'], {
      encoding: 'utf8',
    })
    expect(text.replace(/\s/g, '')).toContain(
      file.name
        .replace(/^附件\d：/, '')
        .replace(/\.pdf$/, '')
        .slice(0, 6),
    )
  })

  it('stores Word attachments as real .docx packages', async () => {
    const file = await test.db
      .selectFrom('file')
      .selectAll()
      .where('name', 'like', '%.docx')
      .executeTakeFirstOrThrow()
    const bytes = await buffer((await test.storage.get(file.storageKey))!)
    expect(bytes.subarray(0, 2).toString()).toBe('PK')
    const target = path.join(
      mkdtempSync(path.join(os.tmpdir(), 'docx-')),
      'a.docx',
    )
    writeFileSync(target, bytes)
    const xml = execFileSync('unzip', ['-p', target, 'word/document.xml'], {
      encoding: 'utf8',
    })
    expect(xml).toContain('表')
  })
})
