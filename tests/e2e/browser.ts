import AxeBuilder from '@axe-core/playwright'
import { type Browser, chromium, type Page } from 'playwright-core'
import { expect } from 'vitest'

/** Debian's Chromium, started as this closed network and a root sandbox need. */
export function launchBrowser(
  options: { javaScriptEnabled?: boolean } = {},
): Promise<Browser> {
  void options
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

/** Collects what a visitor must never meet: page errors and console errors. */
export function watchPageErrors(page: Page) {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`)
  })
  return errors
}

/** A fresh browser context at a width, in Chinese, with its page errors collected. */
export async function openPage(browser: Browser, width = 1440) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale: 'zh-CN',
  })
  const page = await context.newPage()
  const errors = watchPageErrors(page)
  return { page, errors, context, close: () => context.close() }
}

/**
 * Waits until React has hydrated the page: a click before that is a plain page load, not the
 * client-side navigation (and API call) a test may be about. React marks hydrated nodes.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector('main')
    return (
      main !== null && Object.keys(main).some((k) => k.startsWith('__react'))
    )
  })
}

/** The titles of an article list's rows, as shown. */
export const listTitles = (page: Page) =>
  page.locator('main ul li h2 a').allInnerTexts()

/** Each journey ends with an accessibility check (style.md, E2E). */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    // Transient toasts (antd message): while fading they have partial opacity, which axe
    // measures as low contrast; at rest they are antd's dark text on white.
    .exclude('.ant-message')
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
