import path from 'node:path'

import SqliteDatabase from 'better-sqlite3'
import { describe, expect, inject, it } from 'vitest'

import { isValidAndUnmodified, pdfsig } from '#server/signing/pdfsig.ts'

import { expectNoAxeViolations, useJourneyBrowser } from './browser.ts'
import { regionalFetch } from './regional-fetch.ts'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const staffToken = inject('staffApiToken')
const SIGNER = '新疆天山水利水电工程建设有限公司'
const journey = useJourneyBrowser()
/** A signed regional GET, as the browser's client sends it. */
async function xjGet(pathname: string, query: Record<string, string>) {
  const response = await regionalFetch(
    'GET',
    `/xjApi/api/xjslts${pathname}?${new URLSearchParams(query)}`,
  )
  return (await response.json()) as {
    Success: boolean
    Data: unknown
    Msg?: string
  }
}

describe('sealing a document', () => {
  it('opens the signing page for a PDF, corrects a wrong number, seals it and gets the sealed copy', async () => {
    // A PDF of the demo content stands in for an uploaded complaint letter.
    const sqlite = new SqliteDatabase(path.join(dataDir, 'portal.db'), {
      readonly: true,
    })
    const file = sqlite
      .prepare(
        `select id, name from file where mime = 'application/pdf' limit 1`,
      )
      .get() as { id: string; name: string }
    sqlite.close()

    const opened = await xjGet('/ca/sign/url', {
      fileId: file.id,
      type: 'complaint',
    })
    expect(opened.Success).toBe(true)
    const before = await xjGet('/ca/sign/file', { fileId: file.id })
    expect(before.Msg).toBe('文件尚未签章，请在签章页面完成签章后再点击确认')

    for (const width of [375, 1440]) {
      const { page, errors, close } = await journey.openPage(width)
      await page.goto(`${baseUrl}${String(opened.Data)}`)
      await expect.poll(() => page.title()).toBe('电子签章')
      await expect.poll(() => page.getByText(file.name).count()).toBe(1)
      await expectNoAxeViolations(page)
      await page.screenshot({
        path: path.join(
          process.env.SCREENSHOT_DIR ?? dataDir,
          `signing-page-${width}.png`,
        ),
        fullPage: true,
      })
      if (width === 1440) {
        await page.getByLabel('单位（法人或其他组织）').check()
        await page.getByLabel('签章主体名称').fill(SIGNER)
        await page.getByLabel('证件号码').fill('1234')
        await page.getByRole('button', { name: '确认签章' }).click()
        await expect
          .poll(() => page.getByText('请填写18位统一社会信用代码').count())
          .toBe(1)
        expect(await page.getByLabel('签章主体名称').inputValue()).toBe(SIGNER)
        await expectNoAxeViolations(page)
        await page.getByLabel('证件号码').fill('91650100MA7XYP1234')
        await page.getByRole('button', { name: '确认签章' }).click()
        // sealing generates a key and subsets the font: seconds on a busy machine
        await expect
          .poll(() => page.getByRole('heading', { name: '签章成功' }).count(), {
            timeout: 30_000,
          })
          .toBe(1)
        expect(await page.getByText('您可以关闭本页面').count()).toBe(1)
        await expectNoAxeViolations(page)
        await page.screenshot({
          path: path.join(
            process.env.SCREENSHOT_DIR ?? dataDir,
            'signing-done.png',
          ),
        })
      }
      expect(errors).toEqual([])
      await close()
    }

    const after = await xjGet('/ca/sign/file', { fileId: file.id })
    const [sealed, original] = after.Data as { id: string; fullurl: string }[]
    expect(original?.id).toBe(file.id)
    // The sealed copy carries the signer's name: not public like the demo PDF it was made from.
    expect((await fetch(baseUrl + sealed!.fullurl)).status).toBe(404)
    const bytes = new Uint8Array(
      await (
        await fetch(baseUrl + sealed!.fullurl, {
          headers: { authorization: `Bearer ${staffToken}` },
        })
      ).arrayBuffer(),
    )
    const report = await pdfsig(dataDir, bytes, 'e2e-sealed.pdf')
    expect(isValidAndUnmodified(report)).toBe(true)
    expect(report).toContain(`Signer Certificate Common Name: ${SIGNER}`)
  })
})
