import { describe, expect, it } from 'vitest'

import type { PortalApi } from '#common/portal-api.ts'
import { loadNewsDetail } from './load-news.ts'

const articleIn = (categoryId: number) =>
  ({
    articleDetail: async ({ id }: { id: number }) => ({ id, categoryId }),
  }) as unknown as PortalApi

async function statusOf(run: Promise<unknown>) {
  try {
    await run
    return 200
  } catch (error) {
    // data(…, { status }) thrown by the loader: the error boundary shows that status.
    return (error as { init?: { status?: number } }).init?.status ?? 500
  }
}

describe('the news detail page', () => {
  it('shows 通知公告, 新闻动态 and 行业动态', async () => {
    for (const category of [1073, 1002, 1001])
      expect(await statusOf(loadNewsDetail(articleIn(category), '7'))).toBe(200)
  })

  it('does not show a policy or a download entry as news: they have their own pages', async () => {
    for (const category of [927, 1070, 1080])
      expect(await statusOf(loadNewsDetail(articleIn(category), '7'))).toBe(404)
  })
})
