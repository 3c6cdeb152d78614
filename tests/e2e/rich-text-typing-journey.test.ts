import { describe, expect, it } from 'vitest'

import { MSG_BAD_FILE_FORMAT } from '#common/messages.ts'
import { pngImage } from '#tests/upload-samples.ts'

import { holdCalls, useJourneyBrowser, waitForHydration } from './browser.ts'
import { acceptNotice } from './complaint-filing.ts'
import { baseUrl } from './portal-under-test.ts'

const { openPage } = useJourneyBrowser()

const LABEL = '投诉事项及事实依据'
const EDITOR = `iframe.tox-edit-area__iframe[title="${LABEL}"]`
// Typed one character at a time, as a person does, with a new paragraph near the start; ten
// characters more once the editor has taken over (12–14 went in the plain field before the swap
// here).
const SENTENCE =
  '一、业绩<3项。\n资格条件不满足的投标人被推荐为第二中标候选人，评标委员会未按招标文件规定的评标标准和方法评审，请求重新评标。'
const AFTER_SWAP = 10
const BEFORE_SWAP = 3

describe('typing the facts of a complaint from the first moment', () => {
  it.each([375, 1440])(
    'keeps every character typed while the rich-text editor takes the plain field’s place, at %i px',
    async (width) => {
      const { page, errors, close } = await openPage(width)
      try {
        // The editor's code is held until a few characters have gone into the plain field:
        // on a quick machine it could otherwise be there before the first key, and the swap
        // under test would not happen while typing.
        const release = await holdCalls(page, '**/assets/tinymce-editor-*.js')
        await page.goto(`${baseUrl}/complaint/apply`)
        await waitForHydration(page)
        await acceptNotice(page)
        const editor = page.locator(EDITOR)
        expect(await editor.isVisible()).toBe(false)

        // The click asks for the editor; the typing starts at once and goes on through the swap,
        // however long the editor takes to load.
        await page.getByRole('textbox', { name: LABEL }).click()
        let typed = ''
        let afterSwap = 0
        for (const character of SENTENCE.repeat(4)) {
          await page.keyboard.type(character)
          typed += character
          if (typed.length === BEFORE_SWAP) await release()
          if (await editor.isVisible()) afterSwap++
          if (afterSwap === AFTER_SWAP) break
        }
        expect(afterSwap, 'the editor appeared while typing').toBe(AFTER_SWAP)
        expect(typed.length).toBeGreaterThan(AFTER_SWAP)

        // Each line typed is a paragraph of the editor, whichever field it was typed in.
        const paragraphs = page.frameLocator(EDITOR).locator('body > p')
        await expect
          .poll(() => paragraphs.allTextContents())
          .toEqual(typed.split('\n'))
        // The form holds it too: the tab's draft is what a reload restores.
        await expect
          .poll(() =>
            page.evaluate(
              () =>
                window.sessionStorage.getItem('complaint-apply-draft') ?? '',
            ),
          )
          .toContain(typed.split('\n').at(-1))
        expect(errors).toEqual([])
      } finally {
        await close()
      }
    },
  )
})

describe('a picture in the facts of a complaint', () => {
  it('goes to the file service, shows in the editor and opens for its uploader; a disguised file is refused with its reason', async () => {
    const { page, errors, close } = await openPage(1440)
    try {
      await page.goto(`${baseUrl}/complaint/apply`)
      await waitForHydration(page)
      await acceptNotice(page)
      await page.getByRole('textbox', { name: LABEL }).click()
      await page.locator(EDITOR).waitFor()

      const uploadInDialog = async (file: {
        name: string
        mimeType: string
        buffer: Buffer
      }) => {
        await page.getByRole('button', { name: '插入/编辑图片' }).click()
        const dialog = page.getByRole('dialog', { name: '插入/编辑图片' })
        await dialog.getByRole('tab', { name: '上传' }).click()
        await dialog.locator('input[type=file]').setInputFiles(file)
        return dialog
      }

      const dialog = await uploadInDialog({
        name: '现场照片.png',
        mimeType: 'image/png',
        buffer: pngImage(),
      })
      // The upload fills in the picture's address on the dialog's first tab.
      await expect
        .poll(() => dialog.getByRole('combobox', { name: '地址' }).inputValue())
        .toMatch(/^\/files\//)
      await dialog.getByRole('button', { name: '保存' }).click()
      const picture = page.frameLocator(EDITOR).locator('body img')
      await expect.poll(() => picture.count()).toBe(1)
      const src = (await picture.getAttribute('src'))!
      expect(src).toMatch(/^\/files\/[\w-]+\/%E7%8E%B0/)
      // The picture is the uploader's until the complaint is filed (file-access.ts).
      expect(
        await page.evaluate(
          async (url) => (await fetch(url)).headers.get('content-type'),
          src,
        ),
      ).toBe('image/png')

      // A PDF under a picture's name: the editor says why, and nothing goes into the facts.
      const refused = await uploadInDialog({
        name: '伪装照片.png',
        mimeType: 'image/png',
        buffer: Buffer.from('%PDF-1.7\n%%EOF\n'),
      })
      await expect
        .poll(() => page.getByText(MSG_BAD_FILE_FORMAT).count())
        .toBeGreaterThan(0)
      // TinyMCE tells it in an alert over the dialog.
      await page.getByRole('button', { name: '确定' }).click()
      await refused.getByRole('button', { name: '取消' }).click()
      expect(await picture.count()).toBe(1)
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  })
})
