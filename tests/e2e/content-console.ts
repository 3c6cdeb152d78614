import type { Browser, Page } from 'playwright-core'
import { expect } from 'vitest'

import { pickOption, richTextBody, openedDialog } from './browser.ts'
import {
  consolePage,
  createAccount,
  createAdminByCommand,
  setUpAccount,
  signIn,
} from './staff-console.ts'
import { baseUrl } from './portal-under-test.ts'

export type Person = { accountName: string; displayName: string; role: string }
export type Desk = Awaited<ReturnType<typeof desk>>

export async function desk(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`)
  })
  return { context, page, errors }
}

export async function contentTeam(
  browser: Browser,
  admin: { accountName: string; displayName: string },
  team: { editor: Person; reviewer: Person },
) {
  const setupLink = await createAdminByCommand(
    admin.accountName,
    admin.displayName,
  )
  const office = await desk(browser)
  const adminSecret = await setUpAccount(
    office.page,
    setupLink,
    admin.accountName,
    { isThorough: false },
  )
  await office.page.goto(`${baseUrl}/admin/accounts`)
  await consolePage(office.page, '管理后台登录')
  await signIn(office.page, admin.accountName, adminSecret)
  await consolePage(office.page, '账号管理')
  const editorLink = await createAccount(office.page, team.editor)
  const reviewerLink = await createAccount(office.page, team.reviewer)
  await office.context.close()
  return { editorLink, reviewerLink }
}

export async function signedIn(browser: Browser, person: Person, link: string) {
  const at = await desk(browser)
  const secret = await setUpAccount(at.page, link, person.accountName, {
    isThorough: false,
  })
  await at.page.goto(`${baseUrl}/admin/login`)
  await consolePage(at.page, '管理后台登录')
  await signIn(at.page, person.accountName, secret)
  await consolePage(at.page, `欢迎，${person.displayName}`)
  return at
}

export async function choose(page: Page, label: string, option: string) {
  const field = page.getByLabel(label, { exact: true })
  await field.click()
  const choice = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(option, { exact: true })
  await pickOption(choice)
  // The choice as a person sees it in the field, once React has drawn it (tick, browser.ts).
  await expect
    .poll(() => page.locator('.ant-form-item', { has: field }).innerText())
    .toContain(option)
}

export async function typeInBody(page: Page, text: string, label = '正文') {
  const body = await richTextBody(page, label)
  await body.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type(text)
}

export async function act(
  page: Page,
  button: string,
  dialogName: string,
  confirm: string,
  fields: Record<string, string> = {},
) {
  await page.getByRole('button', { name: button, exact: true }).click()
  const dialog = await openedDialog(page, dialogName)
  for (const [label, value] of Object.entries(fields))
    await dialog.getByLabel(label).fill(value)
  await dialog.getByRole('button', { name: confirm }).click()
  await dialog.waitFor({ state: 'hidden' })
}

export const currentRevision = (page: Page) =>
  page
    .getByRole('region', { name: '状态' })
    .locator('div', { has: page.getByText('当前修订', { exact: true }) })
    .innerText()

export async function newContent(page: Page, kindLabel: string) {
  await page.getByRole('button', { name: '新建…' }).click()
  await page.getByRole('link', { name: `新建${kindLabel}` }).click()
  await consolePage(page, `新建${kindLabel}`)
}
