import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

import { generateSync } from 'otplib'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

import {
  expectNoAxeViolations,
  waitForHydration,
  tick,
  openedDialog,
} from './browser.ts'
import { baseUrl, dataDir } from './portal-under-test.ts'

export const PASSWORD = '塔里木河-yellow-river-2026'

export async function createAdminByCommand(
  accountName: string,
  displayName: string,
) {
  const { PUBLIC_BASE_URL: _unused, ...env } = process.env
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['server/staff-cli.ts', 'create-admin', accountName, displayName],
    {
      env: {
        ...env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        HOST: '127.0.0.1',
        PORT: new URL(baseUrl).port,
      },
    },
  )
  expect(stdout).toContain(`已创建系统管理员“${displayName}”（${accountName}）`)
  const link = /^http\S+\/admin\/setup\?token=\S+$/m.exec(stdout)?.[0]
  expect(link).toBeDefined()
  return link!
}

// The server takes one step either way and refuses a step already used. The last seconds of
// a step are waited out, so that the code is still in its step when it arrives. `offsetMs`: how
// far the server's clock is ahead of this one (a portal started under faketime).
export async function authenticatorCode(
  secret: string,
  step: -1 | 0 | 1,
  offsetMs = 0,
) {
  const now = () => Date.now() + offsetMs
  while (30 - ((now() / 1000) % 30) < 4)
    await new Promise((r) => setTimeout(r, 500))
  const epoch = Math.floor(now() / 1000) + step * 30
  return generateSync({ secret, epoch })
}

export async function consolePage(page: Page, heading: string | RegExp) {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  await waitForHydration(page)
}

// The code is of the step before: the sign-in that follows uses the current one.
export async function setUpAccount(
  page: Page,
  link: string,
  accountName: string,
  { isThorough = true, offsetMs = 0 } = {},
) {
  await page.goto(link)
  await consolePage(page, '设置账号')
  expect(await page.locator('main').innerText()).toContain(accountName)
  if (isThorough) {
    await expectNoAxeViolations(page)
    await page
      .getByLabel('新密码', { exact: true })
      .fill(`${accountName}-2026-password`)
    await page.getByLabel('再次输入新密码').fill(`${accountName}-2026-password`)
    await page.getByRole('button', { name: '设置密码，下一步' }).click()
    await page.getByText('密码不能包含账号名').waitFor()
  }
  await page.getByLabel('新密码', { exact: true }).fill(PASSWORD)
  await page.getByLabel('再次输入新密码').fill(PASSWORD)
  await page.getByRole('button', { name: '设置密码，下一步' }).click()
  const secretText = page.getByTestId('totp-secret')
  await secretText.waitFor()
  expect(await page.getByRole('img', { name: /验证器二维码/ }).count()).toBe(1)
  if (isThorough) await expectNoAxeViolations(page)
  const secret = (await secretText.innerText()).replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  const code = page.getByLabel('新验证器的动态验证码')
  expect(await code.getAttribute('inputmode')).toBe('numeric')
  expect(await code.getAttribute('autocomplete')).toBe('one-time-code')
  await code.fill(await authenticatorCode(secret, -1, offsetMs))
  await page.getByRole('button', { name: '确认绑定' }).click()
  await page.getByRole('heading', { name: '账号设置完成' }).waitFor()
  if (isThorough) await expectNoAxeViolations(page)
  return secret
}

export async function signIn(
  page: Page,
  accountName: string,
  secret: string,
  offsetMs = 0,
) {
  await page.getByLabel('账号名').fill(accountName)
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD)
  await page
    .getByLabel('动态验证码')
    .fill(await authenticatorCode(secret, 0, offsetMs))
  await page.getByRole('button', { name: /^登\s*录$/ }).click()
}

export async function createAccount(
  page: Page,
  account: { accountName: string; displayName: string; role: string },
) {
  await page.getByRole('button', { name: '新建账号' }).click()
  const dialog = await openedDialog(page, '新建账号')
  await dialog.getByLabel('账号名').fill(account.accountName)
  await dialog.getByLabel('姓名').fill(account.displayName)
  await tick(dialog.getByRole('checkbox', { name: account.role }))
  await dialog.getByRole('button', { name: /^新\s*建$/ }).click()
  const shown = page.getByRole('alert').filter({
    hasText: `已新建账号：${account.displayName}（${account.accountName}）`,
  })
  await shown.waitFor()
  const link = await shown.locator('code').innerText()
  expect(link).toMatch(/\/admin\/setup\?token=[\w-]{43}$/)
  await page
    .getByRole('row', { name: new RegExp(account.accountName) })
    .getByText('待设置')
    .waitFor()
  return link
}
