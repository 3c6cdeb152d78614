import {
  complaintHtmlToText,
  sanitizeComplaintHtml,
} from './sanitize-complaint-html.ts'

// Runs in a worker thread (complaint-facts.ts): anyone may send the facts of a complaint, and
// parsing 50,000 characters of crafted HTML took the event loop up to 1.2 s.
export default function sanitizeFacts(html: string) {
  const factsHtml = sanitizeComplaintHtml(html)
  const textLength = Array.from(
    complaintHtmlToText(factsHtml).replace(/\s/g, ''),
  ).length
  return { factsHtml, textLength }
}
