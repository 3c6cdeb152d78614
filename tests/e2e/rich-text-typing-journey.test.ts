import { describe, expect, it } from 'vitest'

import { useJourneyBrowser, waitForHydration } from './browser.ts'
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

describe('typing the facts of a complaint from the first moment', () => {
  it.each([375, 1440])(
    'keeps every character typed while the rich-text editor takes the plain field’s place, at %i px',
    async (width) => {
      const { page, errors, close } = await openPage(width)
      try {
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
