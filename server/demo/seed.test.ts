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
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { sanitizeArticleHtml } from '#server/articles/sanitize-article-html.ts'
import { DOWNLOAD_CATEGORY_ID } from '#common/constants/articles.ts'
import { SITE_SETTING_DEFAULTS } from '#common/constants/site.ts'
import { REGIONS } from '#common/constants/trade.ts'
import {
  DictionaryFieldsSchema,
  FooterLinksFieldsSchema,
  HomeLinksFieldsSchema,
} from '#common/schemas/content/site-fields.ts'
import { importUnclaimedContent } from '#server/content/content-import.ts'
import { MAX_TEMPLATE_USES, planDemoArticles, seedDemoContent } from './seed.ts'
import {
  createArticleGenerator,
  DEMO_CATEGORIES,
  TEMPLATES_BY_CATEGORY,
} from './article-generator.ts'
import { MAJOR_RIVERS, PREFECTURES, RIVERS } from './places.ts'
import { regionDictionaryEntry, siteLinkEntries } from './site-links.ts'
import type { GeneratedArticle } from './template-context.ts'

/** The text of a PDF as poppler's pdftotext extracts it, without whitespace. */
function pdfText(bytes: Buffer): string {
  const target = path.join(mkdtempSync(path.join(os.tmpdir(), 'pdf-')), 'a.pdf')
  writeFileSync(target, bytes)
  return execFileSync('pdftotext', ['-enc', 'UTF-8', target, '-'], {
    encoding: 'utf8',
  }).replace(/\s/g, '')
}

const COUNTIES = PREFECTURES.flatMap((pref) =>
  pref.counties.map((county) => ({ ...county, pref })),
)
const ALL_RIVERS = [...new Set([...RIVERS, ...MAJOR_RIVERS])]

/** Places that contradict the table of places: a river with a county it does not cross. */
function misplaced(article: GeneratedArticle): string[] {
  const fullText = [
    article.title,
    article.content,
    ...(article.attachments ?? []).flatMap((a) => [a.title, ...a.paragraphs]),
  ].join(' ')
  const errors: string[] = []
  const counties = COUNTIES.filter((county) => fullText.includes(county.name))
  for (const river of ALL_RIVERS) {
    // 喀什河 is also part of 喀拉喀什河: look at the river's own occurrences only.
    const text = ALL_RIVERS.filter(
      (other) => other !== river && other.includes(river),
    ).reduce((rest, other) => rest.replaceAll(other, '〇'), fullText)
    if (!text.includes(river)) continue
    for (const county of COUNTIES) {
      const crosses = county.rivers.includes(river)
      if (
        !crosses &&
        (text.includes(`${river}${county.name}`) ||
          text.includes(`${county.name}${river}`))
      )
        errors.push(`${river} / ${county.name}`)
    }
    // Beside a county, a river must cross one of the counties the article is about.
    if (
      counties.length > 0 &&
      !counties.some((county) => county.rivers.includes(river))
    )
      errors.push(`${river} in an article about ${counties.map((c) => c.name)}`)
  }
  for (const county of counties) {
    for (const pref of PREFECTURES) {
      if (
        pref !== county.pref &&
        (fullText.includes(`${pref.name}${county.name}`) ||
          fullText.includes(`${pref.short}${county.name}`))
      )
        errors.push(`${pref.short} / ${county.name}`)
    }
  }
  return errors
}

describe('demo article templates', () => {
  const now = new Date('2025-06-15T04:00:00Z')
  const plan = planDemoArticles(now)

  it('has at least 12 templates with distinct titles in every category', () => {
    for (const categoryId of DEMO_CATEGORIES) {
      const templates = TEMPLATES_BY_CATEGORY[categoryId] ?? []
      expect(templates.length).toBeGreaterThanOrEqual(12)
      const generator = createArticleGenerator(7)
      const titles = templates.map((_, i) =>
        generator
          .generate(categoryId, now, i)
          .title.replace(/\d+/g, '#')
          .slice(0, 12),
      )
      expect(new Set(titles).size).toBe(templates.length)
    }
  })

  it('uses many templates, none more than three times, in the seeded set', () => {
    const uses = new Map<string, number>()
    for (const item of plan) {
      const key = `${item.categoryId}:${item.template}`
      uses.set(key, (uses.get(key) ?? 0) + 1)
    }
    expect(Math.max(...uses.values())).toBeLessThanOrEqual(MAX_TEMPLATE_USES)
    for (const categoryId of DEMO_CATEGORIES) {
      const used = [...uses.keys()].filter((key) =>
        key.startsWith(`${categoryId}:`),
      )
      expect(used.length).toBeGreaterThanOrEqual(12)
    }
    const complaints = plan.filter((item) =>
      item.article.title.includes('投诉处理结果'),
    )
    expect(complaints.length).toBeLessThanOrEqual(3)
    const titles = plan.map((item) => item.article.title)
    expect(new Set(titles).size).toBe(titles.length)
  })

  it('keeps the plan: counts per category, rotation and attachments', () => {
    const count = (id: number) =>
      plan.filter((item) => item.categoryId === id).length
    expect([count(1073), count(1002), count(1001)]).toEqual([26, 24, 22])
    expect(plan.filter((item) => item.isRotation)).toHaveLength(5)
    const kinds = plan.flatMap((item) =>
      (item.article.attachments ?? []).map((a) => a.kind),
    )
    expect(kinds).toContain('pdf')
    expect(kinds).toContain('docx')
  })

  it('names every river only with counties it flows through', () => {
    for (const item of plan) expect(misplaced(item.article)).toEqual([])
    const generator = createArticleGenerator(99)
    const errors = new Set<string>()
    for (let i = 0; i < 3000; i++) {
      const categoryId = DEMO_CATEGORIES[i % 3] as number
      for (const error of misplaced(generator.generate(categoryId, now)))
        errors.add(error)
    }
    expect([...errors]).toEqual([])
  })

  it('has a river for every county, each in one prefecture', () => {
    for (const county of COUNTIES)
      expect(county.rivers.length).toBeGreaterThan(0)
    const names = COUNTIES.map((county) => county.name)
    expect(new Set(names).size).toBe(names.length)
  })
})

describe.each(testEngines)('demo content on %s', (engine) => {
  let test: TestDatabase

  beforeAll(async () => {
    test = await createTestDatabase(engine)
  })
  afterAll(() => test.destroy())

  it('does nothing when articles already exist', async () => {
    expect(await seedDemoContent(test.db, test.storage)).toBeNull()
  })

  it('has at least 60 news articles and something in every policy category, up to today', async () => {
    const rows = await test.db
      .selectFrom('article')
      .select([
        'categoryId',
        (eb) => eb.fn.countAll<number | string>().as('total'),
        (eb) => eb.fn.max('publishTime').as('newest'),
      ])
      .groupBy('categoryId')
      .execute()
    const news = rows.filter((row) =>
      (DEMO_CATEGORIES as readonly number[]).includes(row.categoryId),
    )
    const total = news.reduce((sum, row) => sum + Number(row.total), 0)
    expect(total).toBeGreaterThanOrEqual(60)
    expect(rows.map((row) => row.categoryId).sort((a, b) => a - b)).toEqual([
      927, 928, 929, 1001, 1002, 1070, 1073, 1080,
    ])
    const countOf = (id: number) =>
      Number(rows.find((row) => row.categoryId === id)?.total)
    expect(countOf(927)).toBeGreaterThanOrEqual(6)
    for (const id of [928, 929, 1070])
      expect(countOf(id)).toBeGreaterThanOrEqual(3)
    const now = toShanghaiText(seededAt)
    for (const row of rows) expect(row.newest <= now).toBe(true)
  })

  it('writes every article and policy as an item whose first revision is published, so the console edits it', async () => {
    const rows = await test.db
      .selectFrom('article')
      .leftJoin('contentItem as i', (join) =>
        join
          .onRef('i.publicId', '=', 'article.id')
          .on('i.kind', 'in', ['article', 'policy']),
      )
      .leftJoin('contentRevision as r', (join) =>
        join.onRef('r.itemId', '=', 'i.id').on('r.revisionNo', '=', 1),
      )
      .leftJoin('staffAccount as author', 'author.id', 'r.authorId')
      .leftJoin('staffAccount as reviewer', 'reviewer.id', 'r.reviewerId')
      .select([
        'article.categoryId',
        'article.title',
        'article.publishTime',
        'i.kind',
        'i.itemState',
        'r.state',
        'r.title as revisionTitle',
        'r.publishedAt',
        'author.displayName as author',
        'reviewer.displayName as reviewer',
      ])
      .execute()
    expect(rows.length).toBeGreaterThan(90)
    for (const row of rows)
      expect(row).toEqual({
        categoryId: row.categoryId,
        title: row.title,
        publishTime: row.publishTime,
        kind: [927, 928, 929, 1070].includes(row.categoryId)
          ? 'policy'
          : 'article',
        itemState: 'published',
        state: 'published',
        revisionTitle: row.title,
        publishedAt: row.publishTime,
        author: '演示数据',
        reviewer: '演示数据审核',
      })
    // Their attachments are files the console may keep in a later revision.
    const attached = await test.db
      .selectFrom('articleFile')
      .leftJoin('contentUpload', 'contentUpload.fileId', 'articleFile.fileId')
      .select('contentUpload.fileId')
      .execute()
    expect(attached.length).toBeGreaterThan(0)
    expect(attached.every((row) => row.fileId !== null)).toBe(true)
  })

  it('writes every project, stage announcement and linkage record as a published item the console edits', async () => {
    const counts = async (
      table: 'project' | 'projectAnnouncement' | 'linkageRecord',
    ) =>
      Number(
        (
          await test.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const items = await test.db
      .selectFrom('contentItem as i')
      .innerJoin('contentRevision as r', 'r.itemId', 'i.id')
      .innerJoin('staffAccount as author', 'author.id', 'r.authorId')
      .select([
        'i.kind',
        'i.itemState',
        'i.uniqueKey',
        'r.state',
        'r.fields',
        'author.displayName as author',
      ])
      .where('i.kind', 'in', ['project', 'announcement', 'linkage'])
      .execute()
    const ofKind = (kind: string) => items.filter((i) => i.kind === kind)
    expect(ofKind('project')).toHaveLength(await counts('project'))
    expect(ofKind('announcement')).toHaveLength(
      await counts('projectAnnouncement'),
    )
    expect(ofKind('linkage')).toHaveLength(await counts('linkageRecord'))
    expect(ofKind('linkage').length).toBeGreaterThan(0)
    for (const item of items)
      expect(item).toMatchObject({
        itemState: 'published',
        state: 'published',
        author: '演示数据',
      })
    // A project claims its number, an announcement its project and stage.
    for (const item of ofKind('announcement')) {
      const fields = JSON.parse(item.fields) as {
        projectId: number
        stage: string
      }
      expect(item.uniqueKey).toBe(`${fields.projectId}:${fields.stage}`)
    }
    for (const item of ofKind('project'))
      expect(item.uniqueKey).toBe(
        (JSON.parse(item.fields) as { code: string }).code,
      )
  })

  it('writes the home links, the four footer groups and the dictionaries as published items, and keeps the seeded settings', async () => {
    const items = await test.db
      .selectFrom('contentItem as i')
      .innerJoin('contentRevision as r', 'r.itemId', 'i.id')
      .innerJoin('staffAccount as author', 'author.id', 'r.authorId')
      .innerJoin('staffAccount as reviewer', 'reviewer.id', 'r.reviewerId')
      .select([
        'i.kind',
        'i.publicId',
        'i.uniqueKey',
        'i.itemState',
        'r.revisionNo',
        'r.state',
        'r.fields',
        'author.displayName as author',
        'reviewer.displayName as reviewer',
      ])
      .where('i.kind', 'in', [
        'homeLinks',
        'footerLinks',
        'dictionary',
        'siteSettings',
      ])
      .execute()
    for (const item of items)
      expect(item).toMatchObject({
        itemState: 'published',
        revisionNo: 1,
        state: 'published',
        author: '演示数据',
        reviewer: '演示数据审核',
      })
    const keys = (kind: string) =>
      items
        .filter((item) => item.kind === kind)
        .map((item) => item.uniqueKey)
        .sort()
    expect(keys('homeLinks')).toEqual(['home'])
    expect(keys('footerLinks')).toEqual(['1', '3', '4', '6'])
    expect(keys('dictionary')).toEqual([
      'complainant_role',
      'complainant_type',
      'complaint_type',
      'project_type',
      'region',
    ])
    expect(keys('siteSettings')).toEqual(['site'])

    // The public rows are what the published fields say, in their order.
    for (const item of items.filter((i) => i.kind === 'footerLinks')) {
      const fields = FooterLinksFieldsSchema.parse(JSON.parse(item.fields))
      const rows = await test.db
        .selectFrom('footerLink')
        .select(['title', 'address as url'])
        .where('type', '=', fields.type)
        .orderBy('sort')
        .execute()
      expect(item.publicId).toBe(fields.type)
      expect(rows).toEqual(fields.links)
    }
    const home = items.find((i) => i.kind === 'homeLinks')!
    expect(
      await test.db
        .selectFrom('homeLink')
        .select(['title', 'url'])
        .orderBy('sort')
        .execute(),
    ).toEqual(HomeLinksFieldsSchema.parse(JSON.parse(home.fields)).links)
    for (const item of items.filter((i) => i.kind === 'dictionary')) {
      const fields = DictionaryFieldsSchema.parse(JSON.parse(item.fields))
      const registered = await test.db
        .selectFrom('dictionaryType')
        .select(['id', 'name'])
        .where('type', '=', fields.type)
        .executeTakeFirstOrThrow()
      expect(registered).toEqual({ id: item.publicId, name: fields.name })
      expect(
        await test.db
          .selectFrom('dictionary')
          .select(['label', 'value'])
          .where('type', '=', fields.type)
          .orderBy('sort')
          .execute(),
      ).toEqual(fields.entries)
    }
    const regions = items.find((i) => i.uniqueKey === 'region')!
    expect(
      DictionaryFieldsSchema.parse(JSON.parse(regions.fields)).entries,
    ).toEqual(REGIONS.map(({ label, value }) => ({ label, value })))
    expect(
      await test.db.selectFrom('siteSetting').selectAll().executeTakeFirst(),
    ).toMatchObject(SITE_SETTING_DEFAULTS)
  })

  it('writes no second list when the site content is there already', async () => {
    const count = async () =>
      Number(
        (
          await test.db
            .selectFrom('contentItem')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('kind', 'in', ['homeLinks', 'footerLinks', 'dictionary'])
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await count()
    await test.db
      .transaction()
      .execute((trx) =>
        importUnclaimedContent(trx, [
          ...siteLinkEntries(seededAt),
          regionDictionaryEntry(seededAt),
        ]),
      )
    expect(await count()).toBe(before)
  })

  it('stores each law with its chapters, bold article numbers and a PDF copy of its text', async () => {
    const law = await test.db
      .selectFrom('article')
      .selectAll()
      .where('title', '=', '中华人民共和国招标投标法')
      .executeTakeFirstOrThrow()
    expect(law.categoryId).toBe(927)
    expect(law.publishTime.slice(0, 10)).toBe('1999-08-30')
    expect(law.source).toBe('全国人民代表大会常务委员会')
    expect(law.content).toContain('中华人民共和国主席令第二十一号')
    expect(law.content).toContain('<h2>第一章　总　则</h2>')
    expect(law.content).toContain(
      '<strong>第六十五条</strong>　投标人和其他利害关系人认为招标投标活动不符合本法有关规定的',
    )
    // What is stored is what the sanitizer lets through: nothing is stripped on the way.
    expect(sanitizeArticleHtml(law.content)).toBe(law.content)
    const pdf = await test.db
      .selectFrom('articleFile')
      .innerJoin('file', 'file.id', 'articleFile.fileId')
      .select(['file.storageKey', 'file.name'])
      .where('articleFile.articleId', '=', law.id)
      .executeTakeFirstOrThrow()
    expect(pdf.name).toBe('中华人民共和国招标投标法.pdf')
    const bytes = await buffer((await test.storage.get(pdf.storageKey))!)
    expect(pdfText(bytes)).toContain('第六十八条本法自2000年1月1日起施行。')
  })

  it('fills the download centre with the forms and guides, each file real and named for people', async () => {
    const files = await test.db
      .selectFrom('article')
      .innerJoin('articleFile', 'articleFile.articleId', 'article.id')
      .innerJoin('file', 'file.id', 'articleFile.fileId')
      .select(['article.title', 'file.name', 'file.storageKey', 'file.size'])
      .where('article.categoryId', '=', DOWNLOAD_CATEGORY_ID)
      .execute()
    const titles = new Set(files.map((file) => file.title))
    expect(titles).toContain('水利工程建设项目招标投标投诉书（范本）')
    expect(titles).toContain('网上投诉操作指南')
    expect(titles.size).toBeGreaterThanOrEqual(5)
    for (const file of files) {
      // Plain names: no 附件 prefix, which suits an attachment of a notice, not a download.
      expect(file.name).not.toMatch(/^附件/)
      const bytes = await buffer((await test.storage.get(file.storageKey))!)
      expect(bytes.length).toBe(Number(file.size))
      expect(bytes.subarray(0, 4).toString('latin1')).toMatch(/^(%PDF|PK)/)
    }
    const guide = files.find((file) => file.name === '网上投诉操作指南.pdf')!
    const text = pdfText(
      await buffer((await test.storage.get(guide.storageKey))!),
    )
    expect(text).toContain('10日内提出投诉')
    expect(text).toContain('生成投诉书')
    const spec = files.find((file) => file.name.includes('接口规范'))!
    const specText = pdfText(
      await buffer((await test.storage.get(spec.storageKey))!),
    )
    expect(specText).toMatch(/新水厅办〔\d{4}〕12号/)
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
    expect(pdfText(bytes)).toContain(
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
