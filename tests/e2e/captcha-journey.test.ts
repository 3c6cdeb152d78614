import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { MSG_CAPTCHA_WRONG } from '#common/messages.ts'

import {
  expectNoAxeViolations,
  useJourneyBrowser,
  waitForHydration,
} from './browser.ts'
import { baseUrl } from './portal-under-test.ts'

const { openPage } = useJourneyBrowser()

/** The answer of the captcha under the id, through the test hook (PORTAL_TEST_HOOKS=1 only). */
async function answerOf(id: string | null): Promise<string> {
  const response = await fetch(`${baseUrl}/__test__/captcha?t=${id}`)
  return ((await response.json()) as { answer: string }).answer
}

/** /complaint/feedback with the message typed in, up to the captcha. */
async function openFeedback(page: Page, title: string) {
  await page.goto(`${baseUrl}/complaint/feedback`)
  await waitForHydration(page)
  const form = page.locator('section[aria-labelledby="feedback-form-title"]')
  await form.getByLabel('姓名').fill('周立群')
  await form.getByLabel('手机号码').fill('13611112222')
  await form.getByLabel('标题').fill(title)
  await form
    .getByLabel('留言内容')
    .fill('建议在公开的处理结果中写明各环节的办理期限，方便群众监督。')
  return form
}

const fitsWidth = (page: Page, width: number) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width)

async function expectTypedKept(form: Locator, title: string) {
  expect(await form.getByLabel('姓名').inputValue()).toBe('周立群')
  expect(await form.getByLabel('标题').inputValue()).toBe(title)
  expect(await form.getByLabel('留言内容').inputValue()).toContain(
    '各环节的办理期限',
  )
}

describe('the captcha of the public feedback form', () => {
  it('is refreshed from the keyboard, refuses the old answer keeping the message, and takes the new one', async () => {
    const { page, errors, close } = await openPage(1440)
    const title = '换一张之后的留言'
    const form = await openFeedback(page, title)
    const image = form.getByRole('img', { name: '图形验证码图片' })
    await image.waitFor()
    // Shown at 168 × 56 CSS pixels (it was 96 × 32).
    const box = await image.boundingBox()
    expect(box?.width).toBeGreaterThanOrEqual(168)
    expect(box?.height).toBeGreaterThanOrEqual(56)
    const id = await image.getAttribute('data-captcha-id')
    const firstSrc = await image.getAttribute('src')
    const oldAnswer = await answerOf(id)

    // From the answer field, Tab reaches 换一张; Enter draws a new image under the same id.
    await form.getByLabel('图形验证码', { exact: true }).focus()
    await page.keyboard.press('Tab')
    expect(
      await page.evaluate(() => document.activeElement?.textContent?.trim()),
    ).toBe('换一张')
    await page.keyboard.press('Enter')
    await expect.poll(() => image.getAttribute('src')).not.toBe(firstSrc)
    expect(await image.getAttribute('data-captcha-id')).toBe(id)
    expect(await form.getByRole('status').innerText()).toBe(
      '已换一张图形验证码',
    )
    const newAnswer = await answerOf(id)
    expect(newAnswer).not.toBe(oldAnswer)

    // The old answer is refused in Chinese; what was typed stays, a new image is shown.
    const beforeRefusal = await image.getAttribute('src')
    await form.getByLabel('图形验证码', { exact: true }).fill(oldAnswer)
    await form.getByRole('button', { name: '提交留言' }).click()
    await form.getByText(`${MSG_CAPTCHA_WRONG}（已换新的验证码）`).waitFor()
    await expectTypedKept(form, title)
    await expect.poll(() => image.getAttribute('src')).not.toBe(beforeRefusal)
    expect(
      await form.getByLabel('图形验证码', { exact: true }).inputValue(),
    ).toBe('')

    await form
      .getByLabel('图形验证码', { exact: true })
      .fill((await answerOf(id)).toLowerCase())
    await form.getByRole('button', { name: '提交留言' }).click()
    await page.getByText('您的意见已提交，答复后将在本页公开').waitFor()
    expect(await form.getByLabel('标题').inputValue()).toBe('')
    await expectNoAxeViolations(page)
    // The refused message is the one 400 answer of this journey.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([])
    await close()
  })

  it('offers the spoken alternative on a phone, by keyboard, and takes its digits', async () => {
    const { page, errors, close } = await openPage(375)
    const title = '用语音验证码的留言'
    const form = await openFeedback(page, title)
    await form.getByRole('img', { name: '图形验证码图片' }).waitFor()
    await fitsWidth(page, 375)

    const listen = form.getByRole('button', { name: '听语音验证码' })
    await listen.focus()
    await page.keyboard.press('Enter')
    const player = form.getByLabel('语音验证码录音')
    await player.waitFor()
    // The player takes the focus: it is what a screen reader user goes to next.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe(
      'AUDIO',
    )
    expect(await form.getByRole('status').innerText()).toBe(
      '已换一段语音验证码，请播放后输入听到的6位数字',
    )
    expect(
      await form.getByRole('img', { name: '图形验证码图片' }).count(),
    ).toBe(0)
    // A recording of some seconds that the browser can play.
    await expect
      .poll(() =>
        player.evaluate((audio: HTMLAudioElement) =>
          Number.isFinite(audio.duration) ? audio.duration : 0,
        ),
      )
      .toBeGreaterThan(3)
    await fitsWidth(page, 375)
    await expectNoAxeViolations(page)

    const answer = await answerOf(await player.getAttribute('data-captcha-id'))
    expect(answer).toMatch(/^[02345689]{6}$/)
    await form.getByLabel('语音验证码', { exact: true }).fill(answer)
    await form.getByRole('button', { name: '提交留言' }).click()
    await page.getByText('您的意见已提交，答复后将在本页公开').waitFor()

    // Back to the image, from the keyboard too.
    await form.getByRole('button', { name: '改用图形验证码' }).focus()
    await page.keyboard.press('Enter')
    await form.getByRole('img', { name: '图形验证码图片' }).waitFor()
    expect(errors).toEqual([])
    await close()
  })
})
