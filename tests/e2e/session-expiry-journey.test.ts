import { describe, expect, it } from 'vitest'

import { createDatabase } from '#server/db/database.ts'

import {
  expectNoAxeViolations,
  richTextBody,
  useJourneyBrowser,
} from './browser.ts'
import {
  choose,
  contentTeam,
  desk,
  newContent,
  typeInBody,
} from './content-console.ts'
import { baseUrl, dataDir } from './portal-under-test.ts'
import {
  authenticatorCode,
  consolePage,
  PASSWORD,
  setUpAccount,
  signIn,
} from './staff-console.ts'

const { browser } = useJourneyBrowser()

const admin = { accountName: 'ma.admin', displayName: '马管理' }
const editor = {
  accountName: 'fang.editor',
  displayName: '方编辑',
  role: '内容编辑',
}
const reviewer = {
  accountName: 'fan.reviewer',
  displayName: '范审核',
  role: '内容审核',
}
const TITLE = '关于做好冬季水利工程施工安全检查的通知'

/**
 * The session runs out as the server decides it (its last request 31 minutes ago, written into
 * the portal's database as the idle time passing would), in the middle of writing.
 */
async function idleForHalfAnHour(accountName: string) {
  const db = await createDatabase({ dataDir })
  try {
    const account = await db
      .selectFrom('staffAccount')
      .select('id')
      .where('accountName', '=', accountName)
      .executeTakeFirstOrThrow()
    await db
      .updateTable('staffSession')
      .set({ lastSeenAt: Date.now() - 31 * 60_000 })
      .where('accountId', '=', account.id)
      .where('endedAt', 'is', null)
      .execute()
  } finally {
    await db.destroy()
  }
}

describe('writing in the console when the session runs out', () => {
  it('signs in again over the page and saves what was typed; a page closed unsaved offers its text back', async () => {
    const { editorLink } = await contentTeam(browser(), admin, {
      editor,
      reviewer,
    })
    const writer = await desk(browser())
    const { page, errors } = writer
    const secret = await setUpAccount(page, editorLink, editor.accountName, {
      isThorough: false,
    })
    await page.goto(`${baseUrl}/admin/login`)
    await consolePage(page, '管理后台登录')
    await signIn(page, editor.accountName, secret)
    await consolePage(page, `欢迎，${editor.displayName}`)
    await page.getByRole('link', { name: '内容管理' }).first().click()
    await consolePage(page, '内容管理')
    await newContent(page, '新闻公告')
    await choose(page, '栏目', '通知公告')
    await page.getByLabel('标题').fill(TITLE)
    await typeInBody(page, '各单位：入冬以来，')

    // Half an hour passes without a request; the typing goes on, then 保存草稿.
    await idleForHalfAnHour(editor.accountName)
    await typeInBody(page, '请立即开展施工安全检查。')
    await page.getByRole('button', { name: '保存草稿' }).click()
    const dialog = page.getByRole('dialog', { name: '请重新登录' })
    await dialog.waitFor()
    await dialog.getByText('超过30分钟未操作，登录已过期，请重新登录').waitFor()
    expect(await dialog.getByLabel('账号名').inputValue()).toBe(
      editor.accountName,
    )
    // The account name is given: the password field is where the typing starts.
    await expect
      .poll(() =>
        dialog
          .getByLabel('密码', { exact: true })
          .evaluate((input) => input === document.activeElement),
      )
      .toBe(true)
    await expectNoAxeViolations(page)
    if (process.env.JOURNEY_SCREENSHOTS)
      await page.screenshot({
        path: `${process.env.JOURNEY_SCREENSHOTS}/sign-in-again.png`,
      })
    // A wrong password is refused in the dialog, which stays.
    await dialog.getByLabel('密码', { exact: true }).fill('不是这个密码-2026')
    await dialog
      .getByLabel('动态验证码')
      .fill(await authenticatorCode(secret, 1))
    await dialog.getByRole('button', { name: '登录并继续' }).click()
    await dialog.getByText(/账号、密码或动态验证码错误/).waitFor()
    await dialog.getByLabel('密码', { exact: true }).fill(PASSWORD)
    await dialog
      .getByLabel('动态验证码')
      .fill(await authenticatorCode(secret, 1))
    await dialog.getByRole('button', { name: '登录并继续' }).click()
    await dialog.waitFor({ state: 'hidden' })

    // The save went on by itself: the item exists with all that was typed.
    await consolePage(page, TITLE)
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/content\/\d+$/)
    const itemUrl = page.url()
    const body = await richTextBody(page, '正文')
    await expect
      .poll(() => body.innerText())
      .toContain('各单位：入冬以来，请立即开展施工安全检查。')

    // More typed, then the tab closed without saving: the next page over the item offers it.
    await typeInBody(page, '检查结果于12月20日前报送。')
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(localStorage).filter((k) =>
            k.startsWith('console-draft:'),
          ),
        ),
      )
      .toHaveLength(1)
    await page.close()
    const again = await writer.context.newPage()
    await again.goto(itemUrl)
    await consolePage(again, TITLE)
    const kept = again.getByText(/此浏览器中保留着.*未保存的内容/)
    await kept.waitFor()
    await expectNoAxeViolations(again)
    if (process.env.JOURNEY_SCREENSHOTS)
      await again.screenshot({
        path: `${process.env.JOURNEY_SCREENSHOTS}/kept-draft.png`,
      })
    await again.getByRole('button', { name: '恢复未保存的内容' }).click()
    const restored = await richTextBody(again, '正文')
    await expect
      .poll(() => restored.innerText())
      .toContain('检查结果于12月20日前报送。')
    await again.getByRole('button', { name: '保存草稿' }).click()
    await expect
      .poll(() =>
        again.evaluate(() =>
          Object.keys(localStorage).filter((k) =>
            k.startsWith('console-draft:'),
          ),
        ),
      )
      .toEqual([])
    // The browser logs the refusals met on purpose: the save and the session read after the
    // expiry, and the wrong password. Nothing else.
    expect(errors).toEqual(
      Array(3).fill(
        'console: Failed to load resource: the server responded with a status of 401 (Unauthorized)',
      ),
    )
    await writer.context.close()
  })
})
