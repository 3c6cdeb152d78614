import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'

import { type Budget } from './lighthouse-budgets.ts'

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
]

// A Chrome of its own each run: a reused one sometimes loses the trace of the next load.
export async function audit(
  url: string,
  budget: Budget,
  headers: Record<string, string>,
): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    })
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [
          'performance',
          'accessibility',
          'best-practices',
          'seo',
        ],
        extraHeaders: headers,
        ...(budget.isNoindex || budget.isDisallowedToCrawlers
          ? { skipAudits: ['is-crawlable'] }
          : {}),
      })
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
      const error = result.lhr.runtimeError
      if (!error) return result.lhr
      if (attempt === 3) throw new Error(`${url}: ${error.message}`)
      console.log(`${url}: ${error.code}, running again`)
    } finally {
      chrome.kill()
    }
  }
}
