import { degrees, PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'

import { GUIDANCE_UNIT } from '#common/constants/site.ts'
import { embedCjkFont } from '#server/files/cjk-font.ts'
import {
  A4,
  charWidthOf,
  numberPages,
  wrapText,
} from '#server/files/pdf-layout.ts'

export type OfficialDocument = {
  title: string
  /** 文号, e.g. 新水监投受〔2026〕202609290001号 */
  number: string
  recipient: string
  paragraphs: string[]
  /** 'YYYY-MM-DD', written as 2026年9月29日 under the unit. */
  date: string
  note?: string
  // So that a printed or forwarded preview cannot pass for the document.
  isDraft?: boolean
}

const DRAFT_NOTE = '（草稿：仅供审阅，尚未签发，不具有法律效力）'
const DRAFT_MARK = '草稿 未签发'

function markAsDraft(pages: PDFPage[], font: PDFFont) {
  const size = 64
  const width = font.widthOfTextAtSize(DRAFT_MARK, size)
  for (const page of pages) {
    // Diagonal through the page's centre, light enough to read the text beneath.
    const angle = Math.atan2(A4.height, A4.width)
    page.drawText(DRAFT_MARK, {
      x: A4.width / 2 - (Math.cos(angle) * width) / 2,
      y: A4.height / 2 - (Math.sin(angle) * width) / 2,
      size,
      font,
      rotate: degrees((angle * 180) / Math.PI),
      color: rgb(0.75, 0.1, 0.1),
      opacity: 0.18,
    })
  }
}

const MARGIN = 72

function chineseDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number)
  return `${y}年${m}月${d}日`
}

// The seal, where one is needed, is applied to these bytes afterwards.
export async function renderOfficialDocument(
  doc: OfficialDocument,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(doc.isDraft ? `${doc.title}（草稿）` : doc.title)
  pdf.setAuthor(GUIDANCE_UNIT)
  pdf.setLanguage('zh-CN')
  const font = await embedCjkFont(pdf)
  const width = A4.width - 2 * MARGIN
  const pages: PDFPage[] = []
  let page = pdf.addPage([A4.width, A4.height])
  pages.push(page)
  let y = A4.height - MARGIN
  const line = (
    text: string,
    size: number,
    height: number,
    align: 'left' | 'center' | 'right' = 'left',
  ) => {
    if (y - height < MARGIN) {
      page = pdf.addPage([A4.width, A4.height])
      pages.push(page)
      y = A4.height - MARGIN
    }
    const textWidth = font.widthOfTextAtSize(text, size)
    const x =
      align === 'center'
        ? (A4.width - textWidth) / 2
        : align === 'right'
          ? A4.width - MARGIN - textWidth
          : MARGIN
    page.drawText(text, { x, y: y - size, size, font, color: rgb(0, 0, 0) })
    y -= height
  }
  for (const part of wrapText(doc.title, width, charWidthOf(font, 20)))
    line(part, 20, 32, 'center')
  const notes = [doc.isDraft ? DRAFT_NOTE : '', doc.note ?? ''].filter(Boolean)
  line(doc.number, 11, notes.length > 0 ? 20 : 30, 'center')
  for (const note of notes)
    for (const part of wrapText(note, width, charWidthOf(font, 10)))
      line(part, 10, 26, 'center')
  line(`${doc.recipient}：`, 12, 24)
  for (const paragraph of doc.paragraphs)
    for (const part of wrapText(
      `\u3000\u3000${paragraph}`,
      width,
      charWidthOf(font, 12),
    ))
      line(part, 12, 22)
  y -= 30
  line(GUIDANCE_UNIT, 12, 22, 'right')
  line(chineseDate(doc.date), 12, 22, 'right')
  numberPages(pages, font)
  if (doc.isDraft) markAsDraft(pages, font)
  return pdf.save()
}
