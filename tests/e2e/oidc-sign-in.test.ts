import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createDatabase } from '#server/db/database.ts'
import { createStaffService } from '#server/staff/staff-service.ts'
import {
  startIdentityProvider,
  type TestIdentityProvider,
} from '#tests/identity-provider.ts'

import {
  expectNoAxeViolations,
  useJourneyBrowser,
  waitForHydration,
  openedDialog,
} from './browser.ts'
import { freePort } from '../../scripts/free-port.ts'
import { type OwnPortal, startOwnPortal } from './own-portal.ts'

const { openPage } = useJourneyBrowser()
const LABEL = '水利厅统一身份认证登录'

/**
 * Refusals the journey asks for (the console opened signed out, a subject another account
 * holds): the browser reports each as an error.
 */
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) =>
      !/Failed to load resource: the server responded with a status of (401|409)/.test(
        error,
      ),
  )

/**
 * The console's sign-in through the department's identity provider, in Chromium: a portal of
 * its own (the shared one has no provider configured) at 127.0.0.1, the provider at localhost,
 * so the way back from the provider is a navigation from another site, as in a deployment.
 */
describe('signing in to the console through the identity provider', () => {
  let idp: TestIdentityProvider
  let portal: OwnPortal | undefined
  let dataDir: string
  let baseUrl: string

  /** `npm run staff -- …` on the portal's data folder, as an operator would. */
  const staffCommand = async (...args: string[]) =>
    (
      await promisify(execFile)(
        process.execPath,
        ['server/staff-cli.ts', ...args],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      )
    ).stdout

  beforeAll(async () => {
    const port = await freePort()
    baseUrl = `http://127.0.0.1:${port}`
    idp = await startIdentityProvider({
      redirectUri: `${baseUrl}/staff-api/oidc/callback`,
      hostName: 'localhost',
    })
    portal = await startOwnPortal(
      'oidc',
      {
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        OIDC_LABEL: LABEL,
      },
      { port },
    )
    dataDir = portal.dataDir

    // The administrator signs in only through the provider; a handler, not linked yet.
    expect(
      await staffCommand('create-admin', 'wang.admin', '王管理'),
    ).toContain('已创建系统管理员')
    expect(await staffCommand('link-oidc', 'wang.admin', 'uia|wang')).toContain(
      '已关联统一身份认证用户标识：uia|wang',
    )
    const db = await createDatabase({ dataDir })
    try {
      await createStaffService({
        db,
        secretKey: 'unused: no factor is enrolled here',
        publicBaseUrl: baseUrl,
      }).createAccount(
        null,
        { address: '127.0.0.1' },
        {
          accountName: 'li.handler',
          displayName: '李处理',
          roles: ['投诉处理'],
        },
      )
    } finally {
      await db.destroy()
    }
  }, 120_000)

  afterAll(async () => {
    await portal?.stop()
    await idp?.close()
  })

  /** The console page's own content has come (its data read in the browser). */
  async function consolePage(page: Page, heading: string | RegExp) {
    await page.getByRole('heading', { level: 1, name: heading }).waitFor()
    await waitForHydration(page)
  }

  /** At the provider's own login page, the person signs in as `subject`. */
  async function atProvider(page: Page, subject: string) {
    await page.waitForURL((url) => url.origin === idp.issuer)
    await page.getByLabel('用户名').fill(subject)
    await page.getByRole('button', { name: '登录统一身份认证' }).click()
  }

  it('an administrator linked by the command signs in through the provider and links a handler, who then signs in with the roles of their account; an unlinked person is told why', async () => {
    const admin = await openPage(1440)
    const { page } = admin
    await page.goto(`${baseUrl}/admin/accounts`)
    await consolePage(page, '管理后台登录')
    const button = page.getByRole('link', { name: LABEL })
    await button.waitFor()
    await expectNoAxeViolations(page)
    await button.click()
    await atProvider(page, 'uia|wang')
    // Back where they were, signed in: the session cookie came with the way back.
    await consolePage(page, '账号管理')
    expect(new URL(page.url()).pathname).toBe('/admin/accounts')
    expect(await page.locator('header').innerText()).toContain('王管理')

    // Linking the handler: a subject another account holds is refused, said in the dialog.
    const row = page.getByRole('row', { name: /li\.handler/ })
    await row.getByText('待设置').waitFor()
    await row.getByRole('button', { name: '统一身份认证' }).click()
    const dialog = await openedDialog(page, /统一身份认证：李处理/)
    await dialog.getByLabel('统一身份认证用户标识（sub）').fill('uia|wang')
    await dialog.getByRole('button', { name: /^保\s*存$/ }).click()
    await dialog
      .getByRole('alert')
      .filter({ hasText: '该统一身份认证标识已关联账号“wang.admin”' })
      .waitFor()
    await expectNoAxeViolations(page)
    await dialog.getByLabel('统一身份认证用户标识（sub）').fill('uia|li')
    // antd may keep the spinner of the refused try (leaving, invisible) in the button's name.
    await dialog.getByRole('button', { name: /保\s*存$/ }).click()
    await row.getByText('未设置密码，可用统一身份认证登录').waitFor()
    expect(unexpected(admin.errors)).toEqual([])
    await admin.close()

    // The handler, on a phone, from their own account page.
    const handler = await openPage(375)
    await handler.page.goto(`${baseUrl}/admin/account`)
    await consolePage(handler.page, '管理后台登录')
    await handler.page.getByRole('link', { name: LABEL }).click()
    await atProvider(handler.page, 'uia|li')
    await consolePage(handler.page, '我的账号')
    const header = await handler.page.locator('header').innerText()
    expect(header).toContain('李处理')
    expect(header).toContain('投诉处理')
    await expectNoAxeViolations(handler.page)
    expect(unexpected(handler.errors)).toEqual([])
    await handler.close()

    // Someone the provider knows but no account here does.
    const stranger = await openPage(1440)
    await stranger.page.goto(`${baseUrl}/admin/login`)
    await consolePage(stranger.page, '管理后台登录')
    await stranger.page.getByRole('link', { name: LABEL }).click()
    await atProvider(stranger.page, 'uia|stranger')
    await consolePage(stranger.page, '管理后台登录')
    await stranger.page
      .getByRole('alert')
      .filter({ hasText: '尚未关联本系统的工作人员账号' })
      .waitFor()
    await expectNoAxeViolations(stranger.page)
    expect(unexpected(stranger.errors)).toEqual([])
    await stranger.close()
  }, 180_000)
})
