import { COMPLAINT_FACTS_MIN_TEXT } from '#common/schemas/complaint/complaint-filing.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { workerTask } from '#server/shared/worker-pool.ts'

import type sanitizeFacts from './complaint-facts-worker.ts'

const sanitizeInWorker = workerTask<string, ReturnType<typeof sanitizeFacts>>(
  import.meta.url,
  './complaint-facts-worker',
  {
    busyMessage: '系统繁忙，暂时无法处理投诉事项及事实依据，请稍后重试',
    budgetMs: 10_000,
  },
)

// The schema counts characters of the raw HTML; what is left after sanitizing must do too.
export async function sanitizeComplaintFacts(html: string): Promise<string> {
  const { factsHtml, textLength } = await sanitizeInWorker(html)
  if (textLength < COMPLAINT_FACTS_MIN_TEXT) {
    throw new Refusal(
      400,
      `投诉事项及事实依据不能少于${COMPLAINT_FACTS_MIN_TEXT}个字（不含网页代码）`,
    )
  }
  return factsHtml
}
