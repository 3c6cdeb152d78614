import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'

import SqliteDatabase from 'better-sqlite3'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { groupQueryCode } from '#common/schemas/complaint/complaint-fields.ts'
import { isValidAndUnmodified, pdfsig } from '#server/signing/pdfsig.ts'

import {
  expectNoAxeViolations,
  expectPdfPreviewShown,
  settleAnimations,
  useJourneyBrowser,
  waitForHydration,
} from './browser.ts'
import {
  COMPLAINANT,
  CREDIT_CODE,
  type Filed,
  fillComplaintForm,
  generateLetter,
  confirmOnSigningPage,
  openSignDialog,
  sealInNewWindow,
  staff,
  submitComplaint,
} from './complaint-filing.ts'
import { baseUrl, dataDir } from './portal-under-test.ts'

const journey = useJourneyBrowser()
const run = promisify(execFile)
const JOURNEY_MS = 180_000

/** A screenshot to look at: the whole page, or what the visitor sees (`fullPage: false`). */
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({
    path: path.join(process.env.SCREENSHOT_DIR ?? dataDir, `${name}.png`),
    fullPage,
  })
/** The seal step of the form as the visitor sees it. */
const shotSealStep = async (page: Page, name: string) => {
  await page.locator('#seal-step').scrollIntoViewIfNeeded()
  await shot(page, name, false)
}

/** The text of a PDF as poppler's pdftotext reads it, without whitespace. */
async function pdfText(bytes: Uint8Array, name: string): Promise<string> {
  const file = path.join(dataDir, name)
  await writeFile(file, bytes)
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'])
  return stdout.replace(/\s+/g, '')
}

/**
 * The query view, asked with the query code alone as a person types it from the grouped
 * display (lower case, hyphens); then the sealed letter as filed is downloaded again and
 * checked: the complainant's valid seal.
 */
async function downloadLetterAgain(page: Page, filed: Filed, width: number) {
  await page.goto(`${baseUrl}/complaint/search`)
  await waitForHydration(page)
  await page.getByRole('tab', { name: '按查询码查询' }).click()
  const byCode = page.getByRole('tabpanel', { name: '按查询码查询' })
  await byCode
    .getByLabel('查询码')
    .fill(groupQueryCode(filed.queryCode).join('-').toLowerCase())
  await byCode.getByRole('button', { name: /查\s*询/ }).click()
  await page
    .getByRole('heading', { name: new RegExp(`投诉编号 ${filed.complaintNo}`) })
    .waitFor()
  await page.getByRole('button', { name: '预览 投诉书' }).click()
  await expectPdfPreviewShown(page)
  const link = page.getByRole('link', { name: '下载 投诉书' })
  const downloading = page.waitForEvent('download')
  await link.click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('投诉书（已签章）.pdf')
  const bytes = await readFile((await download.path())!)
  const report = await pdfsig(dataDir, bytes, `letter-again-${width}.pdf`)
  expect(isValidAndUnmodified(report)).toBe(true)
  expect(report).toContain(`Signer Certificate Common Name: ${COMPLAINANT}`)
  // Private: the same url is unknown to anyone who has not queried.
  const href = await link.getAttribute('href')
  expect((await fetch(baseUrl + href)).status).toBe(404)
  // The pointer rests on the link it clicked: its hover colour is not the page's.
  await page.mouse.move(0, 0)
  await expectNoAxeViolations(page)
  await shot(page, `follow-up-letter-${width}`)
}

/** Marks, in the database, the letter's seal as recorded for someone else. */
function recordSealForAnother(letterId: string) {
  // What the old signing page allowed: a seal recorded under a name typed there. The portal
  // now decides the holder itself, so such a record comes only from before; the form must
  // still find its way out of it.
  const sqlite = new SqliteDatabase(path.join(dataDir, 'portal.db'))
  try {
    sqlite.pragma('busy_timeout = 5000')
    const changed = sqlite
      .prepare(
        `update signed_file set signer_name = ?, signer_id_number = null where original_file_id = ?`,
      )
      .run('新疆另一家建设有限公司', letterId)
    expect(changed.changes).toBe(1)
  } finally {
    sqlite.close()
  }
}

describe('sealing and filing the complaint letter', () => {
  let sealedOnDesktop: Filed | undefined

  it(
    'on a phone signs in the same tab, comes back to the form with everything typed, files, and gets the sealed letter back from the query view',
    async () => {
      const { page, errors, context, close } = await journey.openPage(375)
      const phone = '13988776611'
      const projectName = await fillComplaintForm(page, context, {
        phone,
        withObjection: false,
      })
      await generateLetter(page)

      // The signing page takes this tab: no popup window on a phone.
      const dialog = await openSignDialog(page)
      // The dialog as it has opened, not while it zooms in.
      await settleAnimations(page)
      await shot(page, 'sign-dialog-375', false)
      expect(await dialog.innerText()).toContain('在本页打开签章页面')
      const pages = context.pages().length
      await dialog.getByRole('button', { name: '签章', exact: true }).click()
      await page.waitForURL(/\/ca\/sign\?token=/)
      expect(context.pages()).toHaveLength(pages)
      await page.getByRole('button', { name: '确认签章' }).waitFor()
      await expectNoAxeViolations(page)
      await shot(page, 'signing-page-375')
      await confirmOnSigningPage(page)
      await expectNoAxeViolations(page)
      await shot(page, 'signing-done-375')
      await page.getByRole('link', { name: '返回投诉页面' }).click()
      await page.waitForURL(/\/complaint\/apply$/)
      await page.getByText('已加盖电子印章').waitFor({ timeout: 60_000 })
      // Back on the form: the letter sealed, the SMS code and every field as typed.
      expect(
        await page.getByLabel('短信验证码', { exact: true }).inputValue(),
      ).toMatch(/^\d{6}$/)
      expect(await page.getByLabel('单位名称').inputValue()).toBe(COMPLAINANT)
      expect(await page.getByLabel('统一社会信用代码').inputValue()).toBe(
        CREDIT_CODE,
      )
      expect(await page.getByRole('button', { name: '重新签章' }).count()).toBe(
        1,
      )
      await expectNoAxeViolations(page)
      await shotSealStep(page, 'apply-sealed-375')

      const filed = {
        ...(await submitComplaint(page, phone)),
        projectName,
      }
      await expectNoAxeViolations(page)
      await page.getByTestId('query-code').scrollIntoViewIfNeeded()
      await shot(page, 'complaint-filed-375', false)

      await downloadLetterAgain(page, filed, 375)
      expect(errors).toEqual([])
      await close()
    },
    JOURNEY_MS,
  )

  it(
    'on a desktop refuses a seal that is not the complainant’s at submission, says why, and recovers with 重新签章',
    async () => {
      const { page, errors, context, close } = await journey.openPage(1440)
      const phone = '13988776612'
      const projectName = await fillComplaintForm(page, context, {
        phone,
        withObjection: false,
      })
      await generateLetter(page)
      await sealInNewWindow(page, context, '电子签章', async (signing) => {
        await expectNoAxeViolations(signing)
        await shot(signing, 'signing-page-1440')
      })
      const letterId = await page.evaluate(
        () =>
          (
            JSON.parse(
              sessionStorage.getItem('complaint-apply-draft') ?? '{}',
            ) as { values?: { formFile?: { id?: string } } }
          ).values?.formFile?.id,
      )
      recordSealForAnother(letterId!)

      await page.getByRole('button', { name: '提交投诉' }).click()
      const refusal = page
        .locator('#seal-step')
        .getByRole('alert')
        .filter({ hasText: '投诉书上的电子印章不是投诉人的' })
      await refusal.waitFor()
      expect(await refusal.innerText()).toContain(
        `电子印章的名称“新疆另一家建设有限公司”与投诉书上的投诉人“${COMPLAINANT}”不一致`,
      )
      expect(await refusal.innerText()).toContain('请点击“重新签章”')
      expect(await page.getByText('签章无效').count()).toBe(1)
      expect(await page.getByRole('button', { name: '提交投诉' }).count()).toBe(
        0,
      )
      await expectNoAxeViolations(page)
      await shotSealStep(page, 'apply-seal-refused-1440')

      await sealInNewWindow(page, context, '重新签章')
      expect(await refusal.count()).toBe(0)
      sealedOnDesktop = {
        ...(await submitComplaint(page, phone)),
        projectName,
      }
      await page.getByTestId('query-code').scrollIntoViewIfNeeded()
      await shot(page, 'complaint-filed-1440', false)
      await downloadLetterAgain(page, sealedOnDesktop, 1440)
      // The refused submission is the browser's one failed request, as it should be.
      expect(errors).toEqual([
        'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ])
      await close()
    },
    JOURNEY_MS,
  )

  it(
    'publishes the decision as a masked PDF that opens from the result page',
    async () => {
      const filed = sealedOnDesktop
      expect(filed).toBeDefined()
      await staff(filed!.complaintNo, 'sign', {})
      await staff(filed!.complaintNo, 'accept', {})
      await staff(filed!.complaintNo, 'decide', {
        conclusion: 'substantiated',
        findings:
          '经调查，评标委员会对投诉人类似工程业绩的认定有误。投诉人联系人李明（电话13988776612）已到场说明。',
        basis: '《中华人民共和国招标投标法实施条例》第七十一条',
        decision: '责令招标人组织原评标委员会重新评审。',
      })
      await staff(filed!.complaintNo, 'publish', {
        summary: '投诉属实，责令招标人组织原评标委员会重新评审。',
      })

      for (const width of [375, 1440]) {
        const { page, errors, close } = await journey.openPage(width)
        await page.goto(
          `${baseUrl}/complaint/list?keyword=${filed!.complaintNo}`,
        )
        const row = page.locator('main li', { hasText: filed!.complaintNo })
        await row.getByRole('link').click()
        await page.waitForURL(/\/complaint\/detail\?id=\d+/)
        await page
          .getByRole('heading', { name: '处理决定书（公开版）' })
          .waitFor()
        await waitForHydration(page)
        await page.getByRole('button', { name: '在线查看处理决定书' }).click()
        await expectPdfPreviewShown(page)
        const href = await page
          .getByRole('link', { name: '下载处理决定书（PDF）' })
          .getAttribute('href')
        // Public: anyone opens it; it names nobody's personal data.
        const answer = await fetch(baseUrl + href)
        expect(answer.status).toBe(200)
        const text = await pdfText(
          new Uint8Array(await answer.arrayBuffer()),
          `decision-public-${width}.pdf`,
        )
        expect(text).toContain('处理决定书')
        expect(text).toContain('公开版')
        for (const secret of [
          '13988776612',
          '李明',
          CREDIT_CODE,
          '解放北路1号',
          '王建国',
        ])
          expect(text, secret).not.toContain(secret)
        await expectNoAxeViolations(page)
        await shot(page, `result-decision-${width}`)
        expect(errors).toEqual([])
        await close()
      }
    },
    JOURNEY_MS,
  )
})
