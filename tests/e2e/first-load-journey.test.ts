import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { useJourneyBrowser, waitForHydration } from './browser.ts'
import { baseUrl } from './portal-under-test.ts'

const { openPage } = useJourneyBrowser()

/** The names of the script chunks the page has fetched so far, without their hashes. */
function scriptsFetched(page: Page) {
  const names: string[] = []
  page.on('request', (request) => {
    const match = request.url().match(/\/assets\/([\w-]+?)-[\w-]{8}\.js$/)
    if (match) names.push(match[1]!)
  })
  return names
}

// The byte budget of a first load is checked by bench/lighthouse.ts; this holds which code waits
// until it is wanted.
describe('the complaint query’s first load', () => {
  it('fetches the query form only, its schemas with the first check, the lookup by phone when its tab is chosen and the complaint’s view with the query', async () => {
    const { page, errors, close } = await openPage(1440)
    try {
      const fetched = scriptsFetched(page)
      await page.goto(`${baseUrl}/complaint/search`)
      await waitForHydration(page)
      await page.waitForLoadState('networkidle')
      expect(fetched).toContain('complaint-search')
      expect(fetched).not.toContain('phone-lookup-form')
      expect(fetched).not.toContain('complaint-status-view')
      expect(fetched).not.toContain('table')
      // The shared schemas (and zod under them) come with the first check, the client with the
      // first query.
      expect(fetched).not.toContain('complaint-fields')
      expect(fetched).not.toContain('browser-regional-api')
      // The form's fields and button are the browser's own with antd's classes, and the label
      // tooltip no form sets comes only if one is drawn (decision 0076): not antd's input,
      // button and tooltip, some 33 KB.
      expect(fetched).not.toContain('input')
      expect(fetched).not.toContain('Button')
      expect(fetched).not.toContain('tooltip')

      await page.getByRole('tab', { name: '忘记查询码？用手机号查询' }).click()
      await page.getByLabel('联系电话').waitFor()
      expect(fetched).toContain('phone-lookup-form')
      expect(fetched).not.toContain('complaint-status-view')

      await page.getByRole('tab', { name: '按投诉编号查询' }).click()
      const form = page.getByRole('tabpanel', { name: '按投诉编号查询' })
      await form.getByLabel('投诉编号').fill('2026112099')
      await form.getByText('投诉编号应为12位数字').waitFor()
      expect(fetched).toContain('complaint-fields')
      await form.getByLabel('投诉编号').fill('202611209999')
      await form.getByLabel('查询码').fill('ABCD-EFGH-JKMN')
      await form.getByRole('button', { name: /查\s*询/ }).click()
      // Nothing is found, and the complaint's view was fetched beside the query all the same.
      await expect.poll(() => fetched).toContain('complaint-status-view')
      await page
        .getByText(/未找到|不存在|不正确/)
        .first()
        .waitFor()
      expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual(
        [],
      )
    } finally {
      await close()
    }
  })
})
