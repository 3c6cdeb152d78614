import { PDFDocument, rgb, type PDFPage } from 'pdf-lib'

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
  /** Whom it is addressed to (the complainant). */
  recipient: string
  paragraphs: string[]
  /** 'YYYY-MM-DD', written as 2026年9月29日 under the unit. */
  date: string
  /** A line under the number, such as what a public version leaves out. */
  note?: string
}

const MARGIN = 72

function chineseDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number)
  return `${y}年${m}月${d}日`
}

/**
 * A document the department issues (受理通知书, 处理决定书 …) as a text-extractable A4 PDF in
 * the layout of an official letter: title, number, addressee, indented paragraphs, unit and
 * date. The seal, where one is needed, is applied to these bytes afterwards.
 */
export async function renderOfficialDocument(
  doc: OfficialDocument,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(doc.title)
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
  line(doc.number, 11, doc.note ? 20 : 30, 'center')
  if (doc.note)
    for (const part of wrapText(doc.note, width, charWidthOf(font, 10)))
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
  return pdf.save()
}
