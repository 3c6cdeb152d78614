import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { TRADE_CATEGORIES, tradeCategory } from '#common/constants/trade.ts'
import { portalDay, portalWeek } from '#common/date-range.ts'
import { officialCalendar } from '#server/complaints/working-calendar.ts'
import { sanitizeArticleHtml } from '#server/articles/sanitize-article-html.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { seedDemoBusiness } from './seed.ts'
import { planDemoLinkages } from './linkage-plan.ts'
import { COMPANY_STEMS, PREFECTURES, RIVERS, WATER_STEMS } from './places.ts'
import { writtenTime } from './project-context.ts'
import { PROJECT_PLAN, planDemoProjects } from './project-plan.ts'

const DAY_MS = 86_400_000
const now = new Date('2025-06-15T04:00:00Z')
const plan = planDemoProjects(now)
const concluded = plan.filter((p) => !p.isLive)
const linkages = planDemoLinkages(plan, now)
const COUNTIES = PREFECTURES.flatMap((pref) => pref.counties)

describe('demo projects', () => {
  it('are the same for the same day (deterministic)', () => {
    const again = planDemoProjects(now)
    expect(again.map((p) => [p.code, p.name, p.amount])).toEqual(
      plan.map((p) => [p.code, p.name, p.amount]),
    )
    expect(again[3]!.stages[1]!.document).toEqual(plan[3]!.stages[1]!.document)
  })

  it('cover all seven categories and every sub-type, at least 50 with unique names and codes', () => {
    expect(concluded.length).toBeGreaterThanOrEqual(50)
    for (const category of TRADE_CATEGORIES) {
      for (const subType of category.subTypes) {
        expect(
          concluded.filter((p) => p.subType === subType.value).length,
          subType.label,
        ).toBe(PROJECT_PLAN[subType.value])
      }
    }
    expect(new Set(plan.map((p) => p.name)).size).toBe(plan.length)
    expect(new Set(plan.map((p) => p.code)).size).toBe(plan.length)
  })

  it('publish an announcement for every stage of the tab set, in date order, none in the future', () => {
    for (const project of concluded) {
      const category = TRADE_CATEGORIES.find(
        (c) => c.value === project.category,
      )!
      expect(project.stages.map((s) => s.stage)).toEqual(category.stages)
      const times = project.stages.map((s) => s.time.getTime())
      for (let i = 1; i < times.length; i++)
        expect(times[i]! > times[i - 1]!, project.name).toBe(true)
      expect(times.at(-1)! <= now.getTime()).toBe(true)
      for (const { document } of project.stages) {
        expect(document.title.length).toBeGreaterThan(project.name.length)
        expect(document.content).not.toMatch(/undefined|NaN|\[object/)
        // The sanitizer keeps the notices' text, tables and headings.
        const clean = sanitizeArticleHtml(document.content)
        const text = (html: string) => html.replace(/<[^>]*>/g, '')
        const count = (html: string, tag: string) => html.split(tag).length
        expect(text(clean)).toBe(text(document.content))
        for (const tag of ['<tr>', '<td>', '<th>', '<h4>'])
          expect(count(clean, tag)).toBe(count(document.content, tag))
      }
    }
    const titles = plan.flatMap((p) => p.stages.map((s) => s.document.title))
    expect(new Set(titles).size).toBe(titles.length)
  })

  it('keep the legal minimum of 20 days from a bid notice to the opening (招标投标法 §24)', () => {
    for (const project of plan.filter((p) => p.category === 1 && !p.isLive)) {
      const notice = project.times.bidNotice!.getTime()
      const opening = project.times.bidOpening!.getTime()
      expect(opening - notice).toBeGreaterThanOrEqual(20 * DAY_MS)
      expect(project.stages[3]!.document.content).toContain('10时30分')
    }
  })

  it('let every category show something under the 7-day filter', () => {
    for (const category of TRADE_CATEGORIES) {
      const newest = Math.max(
        ...concluded
          .filter((p) => p.category === category.value)
          .map((p) => p.stages.at(-1)!.time.getTime()),
      )
      expect(now.getTime() - newest, category.label).toBeLessThan(7 * DAY_MS)
    }
  })

  it('trade below the ceiling at tenders and at or above the starting price at auctions', () => {
    for (const project of concluded) {
      expect(project.amount).toBe(project.offers[0]!.price)
      if (project.category <= 2)
        expect(project.amount).toBeLessThan(project.basePrice)
      else expect(project.amount).toBeGreaterThanOrEqual(project.basePrice)
      expect(new Set(project.offers.map((o) => o.name)).size).toBe(
        project.offers.length,
      )
    }
  })

  it('use no project name pattern more than three times', () => {
    // A name's shape: its places, local names and figures taken out.
    const words = [
      ...PREFECTURES.flatMap((p) => [p.name, p.short]),
      ...COUNTIES.map((c) => c.name),
      ...RIVERS,
      ...WATER_STEMS,
      ...COMPANY_STEMS,
    ].sort((a, b) => b.length - a.length)
    const shape = (name: string) =>
      words
        .reduce((rest, word) => rest.replaceAll(word, '〇'), name)
        .replace(/[\d-]+/g, '#')
    const uses = Map.groupBy(plan, (p) => shape(p.name))
    for (const [pattern, projects] of uses)
      expect(projects.length, pattern).toBeLessThanOrEqual(3)
  })

  it('name a river only with a county it flows through', () => {
    for (const project of plan) {
      const text = project.name
      const county = COUNTIES.find((c) => text.includes(c.name))
      if (!county) continue
      for (const river of RIVERS) {
        // 喀什河 is also part of 玉龙喀什河: look at the river's own occurrences only.
        const own = RIVERS.filter(
          (o) => o !== river && o.includes(river),
        ).reduce((rest, other) => rest.replaceAll(other, '〇'), text)
        if (own.includes(river)) expect(county.rivers, text).toContain(river)
      }
    }
  })
})

const dayText = (date: Date | null) => (date ? portalDay(date) : '')

describe('demo trades under way', () => {
  // A Monday, a Wednesday, a Friday evening, a Saturday, the National Day holiday.
  const starts = [
    '2025-06-16T01:00:00Z',
    '2025-06-18T04:00:00Z',
    '2025-06-20T12:30:00Z',
    '2025-06-21T02:00:00Z',
    '2025-10-03T03:00:00Z',
  ].map((text) => new Date(text))

  it.each(starts)(
    'open bids and close registrations on the first day (%s), and open more that week',
    (start) => {
      const trades = planDemoProjects(start)
      const today = portalDay(start)
      const week = portalWeek(start)
      const openings = trades.map((p) => dayText(p.schedule.openingTime))
      const deadlines = trades.map((p) =>
        dayText(p.schedule.registrationDeadline),
      )
      expect(openings.filter((day) => day === today).length).toBe(3)
      expect(
        deadlines.filter((day) => day === today).length,
      ).toBeGreaterThanOrEqual(1)
      expect(
        openings.filter((day) => day >= week.start && day <= week.end).length,
      ).toBeGreaterThanOrEqual(3)
      // Ahead of the first day: bidders have openings and deadlines to come.
      expect(openings.filter((day) => day > today).length).toBeGreaterThan(3)
      expect(deadlines.filter((day) => day > today).length).toBeGreaterThan(2)
    },
  )

  it.each(starts)(
    'date every other step on a working day and publish only what lies before the first day (%s)',
    (start) => {
      const calendar = officialCalendar()
      const today = portalDay(start)
      for (const project of planDemoProjects(start).filter((p) => p.isLive)) {
        const { registrationDeadline, openingTime } = project.schedule
        for (const time of [
          registrationDeadline!,
          openingTime!,
          ...Object.values(project.times),
        ]) {
          const day = portalDay(time)
          if (day !== today)
            expect(calendar.isWorkday(day), `${project.code} ${day}`).toBe(true)
        }
        const stages = tradeCategory(project.category)!.stages
        const published = project.stages.map((s) => s.stage)
        expect(published).toEqual(stages.slice(0, published.length))
        expect(published.length).toBeLessThan(stages.length)
        expect(published.length).toBeGreaterThanOrEqual(2)
        for (const stage of stages) {
          const isPast = portalDay(project.times[stage]!) < today
          expect(published.includes(stage), `${project.code} ${stage}`).toBe(
            isPast && stage !== stages.at(-1),
          )
        }
      }
    },
  )

  it('give every tender a registration deadline before its opening, 20 days after the notice, as its notice states', () => {
    for (const project of plan) {
      const { registrationDeadline, openingTime } = project.schedule
      if (project.category > 2) {
        expect([registrationDeadline, openingTime]).toEqual([null, null])
        continue
      }
      expect(registrationDeadline! <= openingTime!, project.code).toBe(true)
      const notice = project.stages[1]!
      expect(notice.document.content).toContain(writtenTime(openingTime!))
      expect(notice.document.content).toContain(
        writtenTime(registrationDeadline!),
      )
      if (project.category === 1)
        expect(
          openingTime!.getTime() - project.times.bidNotice!.getTime(),
        ).toBeGreaterThanOrEqual(20 * DAY_MS)
    }
  })
})

describe('demo linkage records', () => {
  it('concern about ten tendered projects, found after the stage and rectified in date order', () => {
    expect(linkages.length).toBeGreaterThanOrEqual(8)
    expect(new Set(linkages.map((l) => l.projectIndex)).size).toBe(
      linkages.length,
    )
    for (const record of linkages) {
      const project = plan[record.projectIndex]!
      expect(project.category).toBeLessThanOrEqual(2)
      expect(
        record.foundDate > project.stages[0]!.time.toISOString().slice(0, 10),
      ).toBe(true)
      expect(record.foundDate <= record.deadline).toBe(true)
      expect(record.publishTime <= now).toBe(true)
      if (record.rectifiedDate === null) expect(record.status).toBe(1)
      else {
        expect(record.status).toBeGreaterThan(1)
        expect(record.rectifiedDate >= record.foundDate).toBe(true)
        expect(record.rectifiedDate <= record.deadline).toBe(true)
      }
      expect(record.attachments.length).toBe(record.rectifiedDate ? 2 : 1)
    }
    expect(new Set(linkages.map((l) => l.item)).size).toBeGreaterThanOrEqual(4)
  })
})

describe.each(testEngines)('seeded projects on %s', (engine) => {
  let test: TestDatabase
  beforeAll(async () => {
    test = await createTestDatabase(engine)
  })
  afterAll(() => test.destroy())

  it('hold an announcement for every stage of a concluded project, and the first ones of a live one, at its current stage', async () => {
    const projects = await test.db
      .selectFrom('project')
      .leftJoin('projectAnnouncement as a', 'a.projectId', 'project.id')
      .select([
        'project.id',
        'project.category',
        'project.currentStage',
        'a.stage',
      ])
      .execute()
    const byProject = Map.groupBy(projects, (row) => row.id)
    let complete = 0
    for (const rows of byProject.values()) {
      const stages = tradeCategory(rows[0]!.category)!.stages
      const held = stages.filter((stage) =>
        rows.some((row) => row.stage === stage),
      )
      expect(rows).toHaveLength(held.length)
      expect(held).toEqual(stages.slice(0, held.length))
      expect(rows[0]!.currentStage).toBe(held.at(-1))
      if (held.length === stages.length) complete++
    }
    expect(complete).toBe(concluded.length)
    expect(byProject.size).toBe(plan.length)
  })

  it('attach real PDFs whose Chinese text can be extracted', async () => {
    const file = await test.db
      .selectFrom('projectAnnouncementFile as af')
      .innerJoin('file', 'file.id', 'af.fileId')
      .selectAll('file')
      .where('file.mime', '=', 'application/pdf')
      .executeTakeFirstOrThrow()
    const bytes = await buffer((await test.storage.get(file.storageKey))!)
    const target = path.join(
      mkdtempSync(path.join(os.tmpdir(), 'pdf-')),
      'a.pdf',
    )
    writeFileSync(target, bytes)
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', target, '-'], {
      encoding: 'utf8',
    }).replace(/\s/g, '')
    expect(text).toContain(file.name.replace(/（.*$|\.pdf$/g, '').slice(0, 8))
  })

  it('seed projects into a database that has articles but no projects, once', async () => {
    expect(await seedDemoBusiness(test.db, test.storage, { now })).toBeNull()
    // No projects: neither the public rows nor the items they were published from.
    const projectItems = test.db
      .selectFrom('contentItem')
      .select('id')
      .where('kind', 'in', ['project', 'announcement', 'linkage'])
    const projectRevisions = test.db
      .selectFrom('contentRevision')
      .select('id')
      .where('itemId', 'in', projectItems)
    // The warnings computed from the tenders' facts go with them.
    await test.db.deleteFrom('supervisionWarningStep').execute()
    await test.db.deleteFrom('supervisionWarning').execute()
    await test.db.deleteFrom('tenderParty').execute()
    await test.db.deleteFrom('tenderFigure').execute()
    await test.db
      .deleteFrom('contentReview')
      .where('revisionId', 'in', projectRevisions)
      .execute()
    await test.db
      .deleteFrom('contentRevision')
      .where('itemId', 'in', projectItems)
      .execute()
    await test.db
      .deleteFrom('contentItem')
      .where('kind', 'in', ['project', 'announcement', 'linkage'])
      .execute()
    await test.db.deleteFrom('project').execute()
    const seeded = await seedDemoBusiness(test.db, test.storage, { now })
    expect(seeded).toMatchObject({
      projects: plan.length,
      linkages: linkages.length,
    })
    const announcements = await test.db
      .selectFrom('projectAnnouncement')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(announcements.n)).toBe(seeded!.announcements)
  })

  it('mark exactly one latest announcement per project, the newest', async () => {
    const rows = await test.db
      .selectFrom('projectAnnouncement')
      .select(['projectId', 'publishTime', 'isLatest'])
      .execute()
    const byProject = Map.groupBy(rows, (row) => row.projectId)
    expect(byProject.size).toBeGreaterThanOrEqual(50)
    for (const announcements of byProject.values()) {
      const latest = announcements.filter((a) => a.isLatest === 1)
      expect(latest).toHaveLength(1)
      const newest = announcements
        .map((a) => a.publishTime)
        .sort()
        .at(-1)
      expect(latest[0]!.publishTime).toBe(newest)
    }
  })
})
