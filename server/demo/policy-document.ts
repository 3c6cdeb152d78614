import type { AttachmentSpec } from './template-context.ts'

/** The ideographic space that follows an article number in Chinese legal text. */
export const GAP = '\u3000'

/** One article (条) of a law or rule: its number and its paragraphs (款). */
type PolicyClause = { no: string; paragraphs: string[] }

/** A chapter (章) heading with its articles; a rule without chapters has one untitled part. */
export type PolicyChapter = { heading?: string; clauses: PolicyClause[] }

/**
 * A policy document of the demo content. Laws carry `chapters`; interpretations and
 * specifications are prose (`sections`). `date` is absolute (a law's promulgation) or counted
 * back from the day the demo content is made (`daysBack`), so the time filters find something.
 */
export type PolicyDocument = {
  categoryId: 927 | 928 | 929 | 1070
  title: string
  /** Issuing body (发布机关), shown as the article's source. */
  source: string
  /**
   * Document number (文号), e.g. 主席令第二十一号; empty for interpretations. `{year}` stands
   * for the year of a document dated relative to today.
   */
  docNumber: string
  when: { date: string } | { daysBack: number }
  /** Passage history under the title, e.g. 通过 and 修正 dates. */
  history?: string
  /** The page reproduces only some articles: it says so and names the authoritative text. */
  excerptOf?: string
  chapters?: PolicyChapter[]
  sections?: { heading?: string; paragraphs: string[] }[]
  /** A notice ends with the issuing unit and the date, right-aligned. */
  signedBy?: string
  /** Attach a PDF copy of the document's own text (what visitors download and print). */
  hasPdfCopy?: boolean
  /** Further attachments, e.g. a form to fill in. */
  attachments?: AttachmentSpec[]
}

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!,
  )

const indent = (html: string) => `<p style="text-indent: 2em">${html}</p>`

/**
 * The body HTML: centred document number and history, chapter headings, each article's
 * number in bold followed by its first paragraph, further paragraphs indented.
 */
export function policyHtml(doc: PolicyDocument, date: string): string {
  const parts: string[] = []
  if (doc.docNumber)
    parts.push(`<p style="text-align: center">${escapeHtml(doc.docNumber)}</p>`)
  if (doc.history)
    parts.push(`<p style="text-align: center">${escapeHtml(doc.history)}</p>`)
  if (doc.excerptOf)
    parts.push(
      `<blockquote><p><strong>（节选）</strong>本页收录该文件的部分条款，全文以${escapeHtml(doc.excerptOf)}公布的文本为准。</p></blockquote>`,
    )
  for (const chapter of doc.chapters ?? []) {
    if (chapter.heading) parts.push(`<h2>${escapeHtml(chapter.heading)}</h2>`)
    for (const clause of chapter.clauses) {
      const [first = '', ...rest] = clause.paragraphs
      parts.push(
        indent(`<strong>${clause.no}</strong>${GAP}${escapeHtml(first)}`),
        ...rest.map((text) => indent(escapeHtml(text))),
      )
    }
  }
  for (const section of doc.sections ?? []) {
    if (section.heading) parts.push(`<h2>${escapeHtml(section.heading)}</h2>`)
    parts.push(...section.paragraphs.map((text) => indent(escapeHtml(text))))
  }
  if (doc.signedBy)
    parts.push(
      `<p style="text-align: right">${escapeHtml(doc.signedBy)}</p>`,
      `<p style="text-align: right">${date}</p>`,
    )
  return parts.join('\n')
}

/** The same text as plain paragraphs, for a PDF or Word copy of the document. */
function policyParagraphs(doc: PolicyDocument): string[] {
  const lines: string[] = []
  if (doc.docNumber) lines.push(doc.docNumber)
  if (doc.history) lines.push(doc.history)
  if (doc.excerptOf)
    lines.push(
      `（节选）本文件收录部分条款，全文以${doc.excerptOf}公布的文本为准。`,
    )
  for (const chapter of doc.chapters ?? []) {
    if (chapter.heading) lines.push(chapter.heading)
    for (const clause of chapter.clauses) {
      const [first = '', ...rest] = clause.paragraphs
      lines.push(`${clause.no}${GAP}${first}`, ...rest)
    }
  }
  for (const section of doc.sections ?? []) {
    if (section.heading) lines.push(section.heading)
    lines.push(...section.paragraphs)
  }
  return lines
}

/** The document's attachments: its own PDF copy when asked for, then the others. */
export function policyAttachments(doc: PolicyDocument): AttachmentSpec[] {
  const copy: AttachmentSpec[] = doc.hasPdfCopy
    ? [
        {
          kind: 'pdf',
          name: `${doc.title}.pdf`,
          title: doc.title,
          paragraphs: policyParagraphs(doc),
        },
      ]
    : []
  return [...copy, ...(doc.attachments ?? [])]
}
