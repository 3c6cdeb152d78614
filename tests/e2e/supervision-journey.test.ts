import { readFile } from 'node:fs/promises'

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import {
  expectFitsWithoutOverlap,
  expectNoAxeViolations,
  openedDialog,
  tick,
  useJourneyBrowser,
} from './browser.ts'
import { desk, type Person, signedIn } from './content-console.ts'
import { baseUrl } from './portal-under-test.ts'
import {
  consolePage,
  createAccount,
  createAdminByCommand,
  setUpAccount,
  signIn,
} from './staff-console.ts'

// Supervision from the data, end to end: a trading platform pushes a tender with its bids and
// result, a warning fires from them, an inspector verifies it into a 联动监管 record, and the
// public figures count it.

const { browser } = useJourneyBrowser()

const admin = { accountName: 'jian.admin', displayName: '简管理' }
const platform: Person = {
  accountName: 'kashi.platform',
  displayName: '喀什交易平台',
  role: '交易平台推送',
}
const inspector: Person = {
  accountName: 'he.inspector',
  displayName: '何监督',
  role: '监督检查',
}
const CODE = 'XJSL-GC-2026-0901'
const NAME = '克孜河灌区节水改造工程'

/** The documented example package, as another tender of two bidders. */
async function twoBidderPackage() {
  const example = await readFile('tests/ocds-release-package.json', 'utf8')
  const renamed = JSON.parse(
    example
      .replaceAll('XJSL-GC-2026-0815', CODE)
      .replaceAll('叶尔羌河下游防洪治理工程（第三标段）', NAME),
  )
  const [release] = renamed.releases
  const third = release.bids.details.pop().tenderers[0].id
  release.bids.statistics[0].value = 2
  release.tender.numberOfTenderers = 2
  release.tender.tenderers = release.tender.tenderers.filter(
    (t: { id: string }) => t.id !== third,
  )
  release.parties = release.parties.filter(
    (p: { id: string }) => p.id !== third,
  )
  return renamed
}

/** 监督统计's count of verified 投标人过少 warnings, as its open data says. */
async function verifiedTooFewBidders(): Promise<number> {
  const answer = await fetch(`${baseUrl}/open-data/supervision-statistics.json`)
  expect(answer.status).toBe(200)
  const figures = (await answer.json()) as {
    indicators: { code: string; verified: number }[]
  }
  return figures.indicators.find((row) => row.code === 'tooFewBidders')!
    .verified
}

async function makeToken(page: Page) {
  await page.goto(`${baseUrl}/admin/account`)
  await consolePage(page, '我的账号')
  await page.getByLabel('令牌名称').fill('交易平台数据推送')
  await tick(page.getByRole('checkbox', { name: '交易平台推送' }))
  await page.getByRole('button', { name: '创建令牌' }).click()
  const shown = page.getByRole('alert').filter({ hasText: '已创建令牌' })
  await shown.waitFor()
  return shown.locator('code').innerText()
}

describe('supervision from the data', () => {
  it('takes a platform’s tender, raises a warning, and counts it once verified', async () => {
    const office = await desk(browser())
    const adminSecret = await setUpAccount(
      office.page,
      await createAdminByCommand(admin.accountName, admin.displayName),
      admin.accountName,
      { isThorough: false },
    )
    await office.page.goto(`${baseUrl}/admin/accounts`)
    await consolePage(office.page, '管理后台登录')
    await signIn(office.page, admin.accountName, adminSecret)
    await consolePage(office.page, '账号管理')
    const platformLink = await createAccount(office.page, platform)
    const inspectorLink = await createAccount(office.page, inspector)

    // The platform's own token, which the department trusts to publish without review.
    const platformDesk = await signedIn(browser(), platform, platformLink)
    const token = await makeToken(platformDesk.page)
    expect(token).toMatch(/^wtp_/)
    await platformDesk.context.close()
    await trustPlatformToken(office.page)

    const before = await verifiedTooFewBidders()
    const pushed = await fetch(`${baseUrl}/staff-api/ocds/release-packages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(await twoBidderPackage()),
    })
    expect(pushed.status, await pushed.clone().text()).toBe(200)

    // The inspector finds the warning in the queue and verifies it.
    const at = await signedIn(browser(), inspector, inspectorLink)
    const { page } = at
    await page
      .getByRole('navigation', { name: '管理菜单' })
      .getByRole('link', { name: '监督预警' })
      .click()
    await consolePage(page, '监督预警')
    const row = page.getByRole('row', { name: new RegExp(NAME) })
    await row.waitFor()
    await expectNoAxeViolations(page)
    await atBothWidths(page, 'supervision-queue')
    await row.getByRole('link', { name: /^投标人过少/ }).click()
    await consolePage(page, '投标人过少')
    await page.getByText('开标时开启的投标只有 2 家').first().waitFor()
    await expectNoAxeViolations(page)
    await atBothWidths(page, 'supervision-warning')

    await page.getByRole('button', { name: '已核实', exact: true }).click()
    const dialog = await openedDialog(page, '核实预警')
    await dialog
      .getByLabel('核实情况')
      .fill(
        '经调阅开标记录，本项目仅两家投标人递交投标文件，招标人未依法重新招标。',
      )
    await dialog.getByRole('button', { name: '确认已核实' }).click()
    const linkage = page.getByRole('link', { name: '编辑联动监管记录草稿' })
    await linkage.waitFor()
    expect(await linkage.getAttribute('href')).toMatch(
      /^\/admin\/content\/\d+$/,
    )
    expect(at.errors).toEqual([])
    await at.context.close()

    // The public figures count it (their answer is kept for a few seconds at most).
    await expect
      .poll(verifiedTooFewBidders, { timeout: 30_000 })
      .toBe(before + 1)
    const visitor = await desk(browser())
    await visitor.page.goto(`${baseUrl}/business/supervision`)
    await visitor.page.getByRole('heading', { name: '监督统计' }).waitFor()
    await expectNoAxeViolations(visitor.page)
    // The tender's page shows its facts and names no warning.
    await visitor.page.goto(
      `${baseUrl}/business/list?keyword=${encodeURIComponent(NAME)}`,
    )
    await visitor.page
      .getByRole('link', { name: new RegExp(NAME) })
      .first()
      .click()
    const overview = visitor.page.getByRole('region', { name: '招标投标概况' })
    await overview.getByText('2 家').waitFor()
    expect(await visitor.page.locator('main').innerText()).not.toContain(
      '投标人过少',
    )
    expect(visitor.errors).toEqual([])
    await visitor.context.close()
    await office.context.close()
  }, 240_000)
})

/** Laid out at 1440 px and on a phone; pictures of both where JOURNEY_SCREENSHOTS names a folder. */
async function atBothWidths(page: Page, name: string) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await expectFitsWithoutOverlap(page)
    if (process.env.JOURNEY_SCREENSHOTS)
      await page.screenshot({
        path: `${process.env.JOURNEY_SCREENSHOTS}/${name}-${width}.png`,
        fullPage: true,
      })
  }
  await page.setViewportSize({ width: 1440, height: 900 })
}

/** The 系统管理员 marks the platform's token trusted: its pushes are published at once. */
async function trustPlatformToken(page: Page) {
  await page
    .getByRole('navigation', { name: '管理菜单' })
    .getByRole('link', { name: '交易平台令牌' })
    .click()
  await consolePage(page, '交易平台令牌')
  const row = page.getByRole('row', { name: /交易平台数据推送/ })
  await row.getByRole('switch').click()
  const dialog = await openedDialog(page, /免审发布/)
  await dialog
    .getByRole('button', { name: /确认|设为/ })
    .last()
    .click()
  await dialog.waitFor({ state: 'hidden' })
  await expectNoAxeViolations(page)
  await atBothWidths(page, 'platform-tokens')
}
