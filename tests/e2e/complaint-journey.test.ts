import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { MSG_NOTICE_READ } from '#common/messages.ts'

import {
  expectNoAxeViolations,
  launchBrowser,
  openPage,
  waitForHydration,
} from './browser.ts'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Ticks and confirms the complaint notice of spec §4, checking its rules on the way. */
async function acceptNotice(page: Page) {
  const dialog = page.getByRole('dialog', { name: '投诉须知' })
  await dialog.waitFor()
  const confirm = dialog.getByRole('button', { name: /确\s*定/ })
  expect(await confirm.isDisabled()).toBe(true)
  expect(
    await dialog.getByRole('button', { name: /close|关闭/i }).count(),
  ).toBe(0)
  // Neither a click outside nor Escape closes it.
  await page.mouse.click(5, 5)
  await page.keyboard.press('Escape')
  expect(await dialog.isVisible()).toBe(true)
  await dialog.getByRole('checkbox', { name: MSG_NOTICE_READ }).check()
  await confirm.click()
  await dialog.waitFor({ state: 'hidden' })
}

describe('the complaint desk', () => {
  it('explains how complaints work and asks for the notice before filing', async () => {
    const { page, errors, close } = await openPage(browser)
    await page.goto(`${baseUrl}/complaint`)
    await page.waitForURL(/\/complaint\/index$/)
    await page.getByRole('heading', { name: '投诉须知', level: 1 }).waitFor()
    const text = await page.locator('main').innerText()
    expect(text).toContain('10日内提出投诉')
    expect(text).toContain('电子印章')
    await expectNoAxeViolations(page)

    await waitForHydration(page)
    await page.getByRole('button', { name: '在线投诉' }).click()
    await acceptNotice(page)
    await page.waitForURL(/\/complaint\/apply$/)
    expect(errors).toEqual([])
    await close()
  })

  it('offers both ways to query a complaint', async () => {
    const { page, errors, close } = await openPage(browser, 375)
    await page.goto(`${baseUrl}/complaint/search?complaintNo=202611220001`)
    await waitForHydration(page)
    const byNumber = page.getByRole('tabpanel', { name: '按投诉编号查询' })
    expect(await byNumber.getByLabel('投诉编号').inputValue()).toBe(
      '202611220001',
    )
    await byNumber.getByRole('button', { name: /查\s*询/ }).click()
    await byNumber.getByText('查询码应为12位字母或数字').waitFor()
    await page.getByRole('tab', { name: '按查询码查询' }).click()
    const byCode = page.getByRole('tabpanel', { name: '按查询码查询' })
    await byCode.getByLabel('查询码').fill('abc')
    await byCode.getByRole('button', { name: /查\s*询/ }).click()
    await byCode.getByText('查询码应为12位字母或数字').waitFor()
    // The message fades in: check its contrast once it is fully shown.
    await expect
      .poll(() =>
        byCode
          .locator('.ant-form-item-explain-error')
          .evaluate((e) => getComputedStyle(e.parentElement!).opacity),
      )
      .toBe('1')
    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })
})
