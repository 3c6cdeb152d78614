import { COMPLAINT_FACTS_MIN_TEXT } from '#common/schemas/complaint/complaint-filing.ts'
import {
  complaintHtmlToText,
  sanitizeComplaintHtml,
} from '#server/complaints/sanitize-complaint-html.ts'
import { Refusal } from '#server/shared/refusal.ts'

// The schema counts characters of the raw HTML; what is left after sanitizing must do too.
export function sanitizeComplaintFacts(html: string): string {
  const factsHtml = sanitizeComplaintHtml(html)
  if (
    Array.from(complaintHtmlToText(factsHtml).replace(/\s/g, '')).length <
    COMPLAINT_FACTS_MIN_TEXT
  ) {
    throw new Refusal(
      400,
      `投诉事项及事实依据不能少于${COMPLAINT_FACTS_MIN_TEXT}个字（不含网页代码）`,
    )
  }
  return factsHtml
}
