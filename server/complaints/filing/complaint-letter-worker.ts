import type { ComplaintDraft } from '#common/schemas/complaint/complaint-filing.ts'

import { complaintLetter } from './complaint-letter.ts'
import { renderLetterPdf } from './letter-pdf.ts'

export interface LetterRequest {
  draft: ComplaintDraft
  files: { evidence: string[]; objection: string[] }
  today: string
  factsHtml: string
}

// Runs in a worker thread (complaint-form.ts): laying out a letter whose facts fill the form's
// 50,000 characters held the event loop 0.8 s, and pdf-lib with its fonts stays out of the server.
export default ({ draft, files, today, factsHtml }: LetterRequest) =>
  renderLetterPdf(complaintLetter(draft, files, today, factsHtml))
