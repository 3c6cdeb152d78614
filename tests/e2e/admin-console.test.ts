import { readFile } from 'node:fs/promises'

import { describe, expect, it } from 'vitest'

import { SIGN_IN_REFUSED } from '#common/constants/staff.ts'

import {
  expectNoAxeViolations,
  useJourneyBrowser,
  tick,
  openedDialog,
} from './browser.ts'
import {
  authenticatorCode,
  consolePage,
  createAccount,
  createAdminByCommand,
  PASSWORD,
  setUpAccount,
  signIn,
} from './staff-console.ts'
import { baseUrl } from './portal-under-test.ts'

const { openPage } = useJourneyBrowser()

/**
 * Refusals the journey asks for (a password the policy refuses, a wrong code, the console
 * opened signed out, two roles never held together): the browser reports each as an error.
 */
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) =>
      !/Failed to load resource: the server responded with a status of (400|401|409)/.test(
        error,
      ),
  )

describe.each([1440, 375])('the staff console at %i px', (width) => {
  const admin = { accountName: `wang.admin${width}`, displayName: '王管理' }
  const handler = {
    accountName: `li.handler${width}`,
    displayName: '李处理',
    role: '投诉处理',
  }
  const auditor = {
    accountName: `zhao.audit${width}`,
    displayName: '赵审计',
    role: '审计员',
  }

  it('an administrator set up through the command’s link signs in with a second factor and creates a handler and an auditor, who finds the sign-ins in the audit log and exports them', async () => {
    const setupLink = await createAdminByCommand(
      admin.accountName,
      admin.displayName,
    )
    const { page, errors, close } = await openPage(width)
    const secret = await setUpAccount(page, setupLink, admin.accountName)

    // The console without a session: the sign-in page, which brings the person back after.
    await page.goto(`${baseUrl}/admin/accounts`)
    await consolePage(page, '管理后台登录')
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/accounts')
    await expectNoAxeViolations(page)
    await page.getByLabel('账号名').fill(admin.accountName)
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD)
    await page.getByLabel('动态验证码').fill('000000')
    await page.getByRole('button', { name: /^登\s*录$/ }).click()
    await page.getByRole('alert').filter({ hasText: SIGN_IN_REFUSED }).waitFor()
    // What was typed stays, except the code.
    expect(await page.getByLabel('账号名').inputValue()).toBe(admin.accountName)
    expect(await page.getByLabel('密码', { exact: true }).inputValue()).toBe(
      PASSWORD,
    )
    expect(await page.getByLabel('动态验证码').inputValue()).toBe('')
    await page.getByLabel('动态验证码').fill(await authenticatorCode(secret, 0))
    await page.getByRole('button', { name: /^登\s*录$/ }).click()
    await consolePage(page, '账号管理')
    expect(new URL(page.url()).pathname).toBe('/admin/accounts')

    // The header names the person and their roles; the menu holds what the role opens.
    const header = page.locator('header')
    expect(await header.innerText()).toContain(admin.displayName)
    expect(await header.innerText()).toContain('系统管理员')
    const menu = page.getByRole('navigation', { name: '管理菜单' })
    expect(await menu.getByRole('link').allInnerTexts()).toEqual([
      '预警阈值',
      '账号管理',
      '交易平台令牌',
    ])
    await expectNoAxeViolations(page)

    await createAccount(page, handler)
    const auditorLink = await createAccount(page, auditor)

    // 系统管理员 and 审计员 are never one person: the server's refusal, said in the dialog.
    await page
      .getByRole('row', { name: new RegExp(auditor.accountName) })
      .getByRole('button', { name: '设置角色' })
      .click()
    const roles = await openedDialog(page, /设置角色/)
    await tick(roles.getByRole('checkbox', { name: '系统管理员' }))
    await expectNoAxeViolations(page)
    await roles.getByRole('button', { name: /^保\s*存$/ }).click()
    await roles
      .getByRole('alert')
      .filter({ hasText: '“系统管理员”与“审计员”不能由同一人兼任' })
      .waitFor()
    await roles.getByRole('button', { name: /^取\s*消$/ }).click()

    // Own account: a personal API token, shown once, then revoked.
    await header.getByRole('link', { name: '修改密码' }).click()
    await consolePage(page, '我的账号')
    await page.getByLabel('令牌名称').fill('数据对接')
    await tick(page.getByRole('checkbox', { name: '系统管理员' }))
    await page.getByRole('button', { name: '创建令牌' }).click()
    const token = page.getByRole('alert').filter({ hasText: '已创建令牌' })
    await token.waitFor()
    expect(await token.locator('code').innerText()).toMatch(/^wtp_/)
    await page
      .getByRole('row', { name: /数据对接/ })
      .getByRole('button', { name: /撤\s*销/ })
      .click()
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /撤\s*销/ })
      .click()
    await page
      .getByRole('row', { name: /数据对接/ })
      .getByText('已撤销')
      .waitFor()
    await expectNoAxeViolations(page)

    await header.getByRole('button', { name: '退出登录' }).click()
    await consolePage(page, '管理后台登录')
    expect(unexpected(errors)).toEqual([])
    await close()

    // The auditor's own browser.
    await auditorJourney(auditorLink)
  }, 240_000)

  async function auditorJourney(setupLink: string) {
    const { page, errors, close } = await openPage(width)
    const secret = await setUpAccount(page, setupLink, auditor.accountName)
    await page.goto(`${baseUrl}/admin/login`)
    await consolePage(page, '管理后台登录')
    await signIn(page, auditor.accountName, secret)
    await consolePage(page, `欢迎，${auditor.displayName}`)
    await expectNoAxeViolations(page)
    const menu = page.getByRole('navigation', { name: '管理菜单' })
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(['审计日志'])

    await menu.getByRole('link', { name: '审计日志' }).click()
    await consolePage(page, '审计日志')
    const search = page.getByRole('search', { name: '查询审计日志' })
    await search.getByLabel('人员（账号名）').fill(admin.accountName)
    await search.getByLabel('操作').fill('session.sign-in')
    await search.getByLabel('操作').press('Enter')
    await search.getByRole('button', { name: /^查\s*询$/ }).click()
    await page.waitForURL(/action=session\.sign-in/)
    const rows = page.locator('main tbody tr')
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([
        expect.stringMatching(new RegExp(`${admin.accountName}[\\s\\S]*成功`)),
        // The person was told only that something was wrong; the auditor sees what.
        expect.stringMatching(/原因：动态验证码错误/),
      ])
    expect(await rows.nth(1).innerText()).toContain('拒绝')
    await expectNoAxeViolations(page)

    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: '导出CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('审计日志.csv')
    const csv = await readFile((await download.path())!, 'utf8')
    expect(csv.startsWith('\uFEFF"编号","时间","人员"')).toBe(true)
    const lines = csv.trim().split('\r\n').slice(1)
    expect(lines).toHaveLength(2)
    expect(lines.every((line) => line.includes(`"${admin.accountName}"`))).toBe(
      true,
    )
    expect(lines.map((line) => line.includes('"拒绝"'))).toEqual([true, false])

    // The administrator's page is not the auditor's: the server's reason, in the console.
    await page.goto(`${baseUrl}/admin/accounts`)
    await page
      .getByText('此操作需要“系统管理员”角色，您的角色：审计员')
      .waitFor()
    await expectNoAxeViolations(page)

    // An address with no page: said so inside the console, its menu kept, answered 404.
    const missing = await page.goto(`${baseUrl}/admin/no-such-page`)
    expect(missing?.status()).toBe(404)
    await page.getByText('您访问的管理页面不存在，请从管理菜单进入').waitFor()
    await page.getByRole('link', { name: '审计日志' }).waitFor()
    expect(
      unexpected(errors).filter((error) => !/status of 40[34]/.test(error)),
    ).toEqual([])
    await close()
  }
})
