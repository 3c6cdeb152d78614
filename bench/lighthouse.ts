import { type ChildProcess, spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { type Result } from 'lighthouse'

import {
  DISPLAY_MODE_COOKIE,
  DISPLAY_MODES,
  type DisplayMode,
} from '#common/display-mode.ts'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '#server/shared/runtime-flags.ts'

import { cspEvalReports, failingAudits } from './lighthouse-audits.ts'
import { missedBudgets, PAGES } from './lighthouse-budgets.ts'
import { type Figures, figures, median } from './lighthouse-figures.ts'
import { audit } from './lighthouse-run.ts'

// Lighthouse's default mobile settings: simulated slow 4G and a 4× slower CPU.
//   node bench/lighthouse.ts [--runs 3] [--page /search?keyword=水利 ...] [--json out.json]
//   node bench/lighthouse.ts --mode elder   (the 适老化 mode: its cookie sent with every request)
//   node bench/lighthouse.ts --base-url http://127.0.0.1:3000   (a portal already running)
//   --reports <dir> keeps each page's last full Lighthouse report.
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
const modeHeaders: Record<string, string> =
  mode === 'elder' ? { Cookie: `${DISPLAY_MODE_COOKIE}=elder` } : {}
const root = path.resolve(import.meta.dirname, '..')

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
