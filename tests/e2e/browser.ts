import AxeBuilder from '@axe-core/playwright'
import {
  type Browser,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'

// Started as this closed network and a root sandbox need.
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  })
}

export function watchPageErrors(page: Page) {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`)
  })
  return errors
}

export async function openPage(
  browser: Browser,
  width = 1440,
  options: { javaScriptEnabled?: boolean } = {},
) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale: 'zh-CN',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  })
  const page = await context.newPage()
  const errors = watchPageErrors(page)
  return { page, errors, context, close: () => context.close() }
}

export function useJourneyBrowser() {
  let launched: Browser | undefined
  beforeAll(async () => {
    launched = await launchBrowser()
  })
  afterAll(async () => {
    await launched?.close()
  })
  const browser = () => {
    if (!launched) throw new Error('the journey browser is not launched yet')
    return launched
  }
  return {
    browser,
    openPage: (width?: number, options?: { javaScriptEnabled?: boolean }) =>
      openPage(browser(), width, options),
  }
}

// A click before hydration is a plain page load, not the client-side navigation (and API
// call) a test may be about.
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector('main')
    return (
      main !== null && Object.keys(main).some((k) => k.startsWith('__react'))
    )
  })
}

export const listTitles = (page: Page) =>
  page.locator('main ul li h2 a').allInnerTexts()

export async function expectPdfPreviewShown(page: Page) {
  const dialog = page.getByRole('dialog')
  await expect
    .poll(() => dialog.getByText(/第 1 \/ \d+ 页/).count(), {
      timeout: 60_000,
    })
    .toBe(1)
  await expect
    .poll(() =>
      dialog
        .getByTestId('pdf-page')
        .evaluate((c: HTMLCanvasElement) => c.width),
    )
    .toBeGreaterThan(100)
  await dialog.getByRole('button', { name: '关闭' }).click()
  return dialog
}

// The portal answers in milliseconds here: a journey holds the calls to see the state shown
// meanwhile, however slowly the machine runs.
export async function holdCalls(page: Page, url: string) {
  let open = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  const held: Promise<void>[] = []
  await page.route(url, (route) => {
    const going = opened.then(() => route.continue())
    held.push(going)
    return going
  })
  return async () => {
    open()
    // Unrouted once every held call has gone on: Playwright would answer them itself.
    await Promise.all(held)
    await page.unroute(url)
  }
}

export async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

// style.md, E2E: each journey ends with an accessibility check.
export async function expectNoAxeViolations(page: Page) {
  // A colour or opacity transition caught halfway (a button that appeared under the pointer, a
  // section fading in) is not what anyone reads: let the finite ones end first.
  await settleAnimations(page)
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    // Transient toasts (antd message): while fading they have partial opacity, which axe
    // measures as low contrast; at rest they are antd's dark text on white.
    .exclude('.ant-message')
    // One axe.run in the page, which reaches its frames itself: the portal's frames are all
    // its own (default-src 'self'), and the default runs each frame apart and then again in a
    // blank page, about a third more time for the same rules on the same nodes.
    .setLegacyMode()
    .analyze()
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  )
  expect(summary).toEqual([])
}

// Text is measured line by line (text node rects), so that a wrapped line or a tag inside a
// paragraph is no overlap.
export async function expectFitsWithoutOverlap(page: Page) {
  const measure = () =>
    page.evaluate(() => {
      const sideways =
        document.documentElement.scrollWidth -
        document.documentElement.clientWidth
      const main = document.querySelector('main')
      // What shows of a line: its part inside every box of hidden overflow around it (an
      // ellipsis, a collapsed row of choices); null when nothing does. A table's own sideways
      // scroll hides nothing here: text behind it counts as beyond the edge.
      const shownPart = (line: DOMRect, from: Element): DOMRect | null => {
        let { left, top, right, bottom } = line
        for (
          let el: Element | null = from;
          el && el !== main;
          el = el.parentElement
        ) {
          const style = getComputedStyle(el)
          const clip = el.getBoundingClientRect()
          const hides = (overflow: string) => /^(hidden|clip)$/.test(overflow)
          if (hides(style.overflowX)) {
            left = Math.max(left, clip.left)
            right = Math.min(right, clip.right)
          }
          if (hides(style.overflowY)) {
            top = Math.max(top, clip.top)
            bottom = Math.min(bottom, clip.bottom)
          }
        }
        return right - left > 1 && bottom - top > 1
          ? new DOMRect(left, top, right - left, bottom - top)
          : null
      }
      const boxes: { text: string; box: DOMRect; node: Node }[] = []
      const walker = document.createTreeWalker(main!, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement
        if (!node.textContent?.trim() || !element) continue
        if (element.closest('.visually-hidden, [aria-hidden="true"]')) continue
        if (getComputedStyle(element).visibility === 'hidden') continue
        const range = document.createRange()
        range.selectNodeContents(node)
        for (const line of range.getClientRects()) {
          const box = shownPart(line, element)
          if (box)
            boxes.push({
              text: node.textContent.trim().slice(0, 24),
              box,
              node,
            })
        }
      }
      const width = document.documentElement.clientWidth
      const beyondEdge = boxes
        .filter(({ box }) => box.left < -1 || box.right > width + 1)
        .map(({ text }) => text)
      const overlaps: string[] = []
      boxes.forEach((a, i) => {
        for (const b of boxes.slice(i + 1)) {
          if (a.node === b.node) continue
          const width =
            Math.min(a.box.right, b.box.right) -
            Math.max(a.box.left, b.box.left)
          const height =
            Math.min(a.box.bottom, b.box.bottom) -
            Math.max(a.box.top, b.box.top)
          // A pixel or two of rounding between neighbours is no overlap anyone sees.
          if (width > 2 && height > 2) overlaps.push(`${a.text} × ${b.text}`)
        }
      })
      return { sideways, beyondEdge, overlaps }
    })
  // Measured again until it holds: a page laid out anew for a new width takes a moment.
  await expect
    .poll(measure, { timeout: 15_000 })
    .toEqual({ sideways: 0, beyondEdge: [], overlaps: [] })
}

// Until TinyMCE has loaded the field is a plain textarea, and it may have loaded already (the
// pointer passed over it): whichever is on the page is clicked.
export async function richTextBody(page: Page, label: string) {
  // The editing iframe carries the field's name once TinyMCE has initialised.
  const frame = `iframe.tox-edit-area__iframe[title="${label}"]`
  await page
    .getByRole('textbox', { name: label })
    .or(page.locator(frame))
    .first()
    .click()
  await page.locator(frame).waitFor()
  return page.frameLocator(frame).locator('body')
}

// A controlled box (antd's checkbox and radio) shows its new state once React has drawn it,
// which on a loaded machine can come after Playwright's own look right after the click: the
// state a person sees is waited for instead. A box in a dialog still zooming in is clicked
// once the dialog stands still.
export async function tick(box: Locator) {
  if (await box.isChecked()) return
  await box.waitFor()
  await settleAnimations(box.page())
  await box.click()
  await expect.poll(() => box.isChecked()).toBe(true)
}

// A dialog that has just been asked for, once it has opened and stands still: antd zooms it in,
// and a click or a key while it moves can land beside its target, which has moved meanwhile
// (seen on a loaded machine with two journeys at once). Every journey reaches into a dialog
// through this.
export async function openedDialog(
  page: Page,
  name: string | RegExp,
): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name })
  await dialog.waitFor()
  await settleAnimations(page)
  return dialog
}

// An option of a list that has just opened, clicked once the list stands still: a click while
// it still slides in can land beside the option, which has moved meanwhile (seen on a loaded
// machine), and the list stays open with nothing chosen.
export async function pickOption(option: Locator) {
  await option.waitFor()
  await settleAnimations(option.page())
  await option.click()
}
