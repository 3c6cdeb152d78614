import { type ChildProcess, spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'

import {
  DISPLAY_MODE_COOKIE,
  DISPLAY_MODES,
  type DisplayMode,
} from '#common/display-mode.ts'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '#server/shared/runtime-flags.ts'

/**
 * First load of the public pages as Lighthouse sees it on a phone (its default mobile settings:
 * simulated slow 4G and a 4× slower CPU): performance, accessibility, best practices and SEO.
 * Starts the built portal on a fresh data folder (demo content), runs Lighthouse several times
 * per page, prints the medians and checks the budgets.
 *   node bench/lighthouse.ts [--runs 3] [--page /search?keyword=水利 ...] [--json out.json]
 *   node bench/lighthouse.ts --mode elder   (the 适老化 mode: its cookie sent with every request)
 *   node bench/lighthouse.ts --base-url http://127.0.0.1:3000   (a portal already running)
 *   --json writes every run's figures; --reports <dir> keeps each page's last full Lighthouse
 *   report (JSON, for the treemap, the network requests and the audits' details).
 */
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    page: { type: 'string', multiple: true },
    mode: { type: 'string', default: 'standard' },
    port: { type: 'string', default: '3903' },
    'base-url': { type: 'string' },
    json: { type: 'string' },
    reports: { type: 'string' },
  },
})
const runs = Number(args.runs)
const mode = args.mode as DisplayMode
if (!DISPLAY_MODES.includes(mode))
  throw new Error(`--mode: one of ${DISPLAY_MODES.join(', ')}`)
/** What the browser sends in the 适老化 mode: the cookie the top bar's switch sets. */
const modeHeaders: Record<string, string> =
  mode === 'elder' ? { Cookie: `${DISPLAY_MODE_COOKIE}=elder` } : {}
const root = path.resolve(import.meta.dirname, '..')

/**
 * A page's own budget: its performance score, and whether it asks search engines not to index
 * it (a keyword search: docs/decisions/0057-elder-friendly-mode.md, The 适老化 mode), so that
 * Lighthouse's is-crawlable audit, which fails any page that says noindex, is checked here instead:
 * the page must say it.
 */
type Budget = { minPerformance: number; isNoindex?: boolean }
/** The pages measured, each with its budget; `{article}` is a demo article's id. */
const PAGES: { path: string; budget: Budget }[] = [
  { path: '/', budget: { minPerformance: 95 } },
  { path: '/index/newList', budget: { minPerformance: 95 } },
  { path: '/index/newDetail?id={article}', budget: { minPerformance: 95 } },
  { path: '/business/list', budget: { minPerformance: 95 } },
  {
    path: '/search?keyword=水利',
    budget: { minPerformance: 95, isNoindex: true },
  },
  // The filing form: the editor and the PDF tools load when used, not with the page.
  { path: '/complaint/apply', budget: { minPerformance: 80 } },
]
/** Budgets every page shares. */
const MAX_LCP_MS = 2000
const MAX_SCRIPT_KB = 200
const MIN_ACCESSIBILITY = 100
const MIN_BEST_PRACTICES = 100
const MIN_SEO = 100

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
]

type Figures = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  cls: number
  tbtMs: number
  scriptRequests: number
  scriptKb: number
  totalKb: number
}

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).status < 500) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not come up`)
}

function score(lhr: Result, category: string) {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100)
}

function numeric(lhr: Result, audit: string) {
  return lhr.audits[audit]?.numericValue ?? Number.NaN
}

type ResourceRow = {
  resourceType: string
  requestCount: number
  transferSize: number
}

function figures(lhr: Result): Figures {
  const details = lhr.audits['resource-summary']?.details as
    { items: ResourceRow[] } | undefined
  const row = (type: string) =>
    details?.items.find((item) => item.resourceType === type)
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    scriptRequests: row('script')?.requestCount ?? 0,
    scriptKb: (row('script')?.transferSize ?? 0) / 1024,
    totalKb: (row('total')?.transferSize ?? 0) / 1024,
  }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** An eval (or new Function, or a string timer) the page's CSP refused, as Chrome reported it. */
function cspEvalReports(lhr: Result): string[] {
  const reports: string[] = []
  const consoleItems =
    (
      lhr.audits['errors-in-console']?.details as
        { items?: { description?: string }[] } | undefined
    )?.items ?? []
  for (const item of consoleItems)
    if (/unsafe-eval|evaluate a string/i.test(item.description ?? ''))
      reports.push(item.description!)
  const issues = JSON.stringify(lhr.audits['inspector-issues']?.details ?? {})
  if (/kEvalViolation|unsafe-eval/.test(issues))
    reports.push('inspector issue: CSP eval violation')
  return reports
}

/** The rows of an audit's details: a table's items, or those of each table in a list. */
function detailRows(details: unknown): Record<string, unknown>[] {
  const items = (details as { items?: unknown } | undefined)?.items
  if (!Array.isArray(items)) return []
  return (items as Record<string, unknown>[]).flatMap((item) =>
    Array.isArray(item.items) ? detailRows(item) : [item],
  )
}

/** The URLs (or nodes) an audit points at, shortened, for the diagnosis list. */
function auditTargets(audit: Result['audits'][string]): string[] {
  const items = detailRows(audit.details)
  const targets = items.map((item) => {
    const node = item.node as
      { selector?: string; snippet?: string } | undefined
    const url = typeof item.url === 'string' ? item.url : undefined
    const source = item.source as { url?: string } | undefined
    const where =
      (typeof item.issueType === 'string' ? item.issueType : undefined) ??
      url ??
      source?.url ??
      node?.selector ??
      (typeof item.description === 'string' ? item.description : '')
    const wasted =
      typeof item.wastedBytes === 'number'
        ? ` (${(item.wastedBytes / 1024).toFixed(0)} KB unused)`
        : typeof item.wastedMs === 'number'
          ? ` (${item.wastedMs.toFixed(0)} ms)`
          : ''
    return `${where.replace(/^https?:\/\/[^/]+/, '').slice(0, 120)}${wasted}`
  })
  return targets.filter((target) => target.trim() !== '').slice(0, 4)
}

/** Audits of the four categories that did not pass, with where they point. */
function failingAudits(lhr: Result): { title: string; targets: string[] }[] {
  const failing: { title: string; targets: string[] }[] = []
  for (const categoryId of [
    'performance',
    'accessibility',
    'best-practices',
    'seo',
  ]) {
    const category = lhr.categories[categoryId]
    if (!category) continue
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id]
      if (!audit || audit.score === null || audit.score >= 0.9) continue
      if (
        !['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)
      )
        continue
      // The metrics are in the table already.
      if (ref.group === 'metrics') continue
      const value = audit.displayValue ? ` — ${audit.displayValue}` : ''
      failing.push({
        title: `[${categoryId}] ${audit.id}: ${audit.title}${value}`,
        targets: auditTargets(audit),
      })
    }
  }
  return failing
}

/** The budgets a page's medians missed, each as the line the summary prints. */
function missedBudgets(
  m: Figures,
  budget: Budget,
  {
    saysNoindex,
    hasEvalReports,
  }: { saysNoindex: boolean; hasEvalReports: boolean },
): string[] {
  const missed: string[] = []
  if (m.performance < budget.minPerformance)
    missed.push(`performance ${m.performance} < ${budget.minPerformance}`)
  if (m.accessibility < MIN_ACCESSIBILITY)
    missed.push(`accessibility ${m.accessibility} < ${MIN_ACCESSIBILITY}`)
  if (m.bestPractices < MIN_BEST_PRACTICES)
    missed.push(`best practices ${m.bestPractices} < ${MIN_BEST_PRACTICES}`)
  if (m.seo < MIN_SEO) missed.push(`SEO ${m.seo} < ${MIN_SEO}`)
  if (budget.isNoindex && !saysNoindex)
    missed.push('no <meta name="robots" content="noindex">')
  if (m.lcpMs > MAX_LCP_MS)
    missed.push(`LCP ${(m.lcpMs / 1000).toFixed(2)} s > ${MAX_LCP_MS / 1000} s`)
  if (m.cls > 0) missed.push(`CLS ${m.cls.toFixed(3)} > 0`)
  if (m.scriptKb > MAX_SCRIPT_KB)
    missed.push(`scripts ${m.scriptKb.toFixed(0)} KB > ${MAX_SCRIPT_KB} KB`)
  if (hasEvalReports) missed.push('an eval blocked by the CSP')
  return missed
}

function startPortal(port: string, dataDir: string): ChildProcess {
  return spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, 'build/portal/main.js'],
    {
      cwd: root,
      env: {
        ...process.env,
        ...SERVER_ENV,
        NODE_ENV: 'production',
        PORT: port,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
}

/**
 * One Lighthouse run in a Chrome of its own (a reused one sometimes loses the trace of the
 * next load), tried again when Lighthouse reports that its recording failed.
 */
async function audit(
  url: string,
  budget: Budget,
  headers: Record<string, string>,
): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    })
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [
          'performance',
          'accessibility',
          'best-practices',
          'seo',
        ],
        extraHeaders: headers,
        ...(budget.isNoindex ? { skipAudits: ['is-crawlable'] } : {}),
      })
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
      const error = result.lhr.runtimeError
      if (!error) return result.lhr
      if (attempt === 3) throw new Error(`${url}: ${error.message}`)
      console.log(`${url}: ${error.code}, running again`)
    } finally {
      chrome.kill()
    }
  }
}

async function demoArticleId(base: string) {
  const html = await (await fetch(`${base}/index/newList`)).text()
  const id = /newDetail\?id=(\d+)/.exec(html)?.[1]
  if (!id) throw new Error('no article link on /index/newList')
  return id
}

const dataDir = args['base-url']
  ? undefined
  : await mkdtemp(path.join(tmpdir(), 'portal-lighthouse-'))
let portal: ChildProcess | undefined
try {
  const base = args['base-url'] ?? `http://127.0.0.1:${args.port}`
  if (dataDir) {
    portal = startPortal(args.port, dataDir)
    await waitFor(`${base}/healthz`)
  }
  const articleId = await demoArticleId(base)
  const known = PAGES.map((page) => ({
    ...page,
    path: page.path.replace('{article}', articleId),
  }))
  const pages = args.page
    ? args.page.map((path) => ({
        path,
        budget:
          known.find((page) => page.path === path)?.budget ?? known[0]!.budget,
      }))
    : known

  const failures: string[] = []
  const rows: string[] = []
  const diagnosis: string[] = []
  const saved: Record<string, Figures[]> = {}
  for (const page of pages) {
    const url = `${base}${encodeURI(page.path)}`
    // The page's first render is not what a visitor meets: the portal caches rendered pages.
    const html = await (await fetch(url, { headers: modeHeaders })).text()
    const saysNoindex = /<meta name="robots" content="noindex"/.test(html)
    const measured: Figures[] = []
    // Per failing audit: in how many runs, and where it pointed in the first of them.
    const failing = new Map<string, { count: number; targets: string[] }>()
    const evalReports = new Set<string>()
    let lastReport: Result | undefined
    for (let run = 0; run < runs; run++) {
      const lhr = await audit(url, page.budget, modeHeaders)
      lastReport = lhr
      measured.push(figures(lhr))
      for (const { title, targets } of failingAudits(lhr)) {
        // The displayed value changes from run to run; the audit is the same.
        const key = title.replace(/ — .*$/, '')
        const seen = failing.get(key)
        if (seen) seen.count++
        else failing.set(key, { count: 1, targets: [title, ...targets] })
      }
      for (const report of cspEvalReports(lhr)) evalReports.add(report)
    }
    saved[page.path] = measured
    if (args.reports && lastReport) {
      await mkdir(args.reports, { recursive: true })
      await writeFile(
        path.join(args.reports, `${page.path.replace(/[^\w]+/g, '_')}.json`),
        JSON.stringify(lastReport),
      )
    }
    const m = Object.fromEntries(
      (Object.keys(measured[0]!) as (keyof Figures)[]).map((key) => [
        key,
        median(measured.map((f) => f[key])),
      ]),
    ) as Figures
    const missed = missedBudgets(m, page.budget, {
      saysNoindex,
      hasEvalReports: evalReports.size > 0,
    })
    for (const miss of missed) failures.push(`${page.path}: ${miss}`)
    rows.push(
      `| ${page.path} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${(m.lcpMs / 1000).toFixed(2)} s | ${m.cls.toFixed(3)} | ${m.tbtMs.toFixed(0)} ms | ${m.scriptRequests} | ${m.scriptKb.toFixed(0)} | ${m.totalKb.toFixed(0)} | ${missed.length === 0 ? 'ok' : 'FAIL'} |`,
    )
    if (failing.size > 0 || evalReports.size > 0) {
      diagnosis.push(`\n${page.path}`)
      for (const report of evalReports) diagnosis.push(`  CSP eval: ${report}`)
      for (const { count, targets } of failing.values()) {
        const [title, ...where] = targets
        diagnosis.push(`  ${title} (${count}/${runs} runs)`)
        for (const target of where) diagnosis.push(`      ${target}`)
      }
    }
    console.log(`measured ${page.path}`)
  }

  console.log(
    `\nLighthouse ${runs} runs per page, mobile, simulated throttling, ${mode === 'elder' ? 'the 适老化 mode' : 'the standard look'}; medians.`,
  )
  console.log(
    '| page | perf | a11y | best practices | SEO | LCP | CLS | TBT | script requests | script KB | total KB | budget |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
  if (diagnosis.length > 0)
    console.log(`\naudits that did not pass:${diagnosis.join('\n')}`)
  if (args.json) await writeFile(args.json, JSON.stringify(saved, null, 2))
  if (failures.length > 0) {
    console.log(`\nbudgets missed:\n- ${failures.join('\n- ')}`)
    process.exitCode = 1
  } else console.log('\nall budgets met')
} finally {
  if (portal) {
    portal.kill('SIGTERM')
    await new Promise((resolve) => portal!.once('exit', resolve))
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
}
