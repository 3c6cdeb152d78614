import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'

import { embedCjkFont } from '#server/files/cjk-font.ts'
import {
  A4,
  charWidthOf,
  numberPages,
  wrapText,
} from '#server/files/pdf-layout.ts'

export type Letter = {
  title: string
  sections: LetterSection[]
  closing: { salutation: [string, string]; lines: string[]; date: string }
  subject: string
  author: string
}

export type LetterSection = {
  heading: string
  rows?: [label: string, value: string][]
  paragraphs?: string[]
  items?: string[]
}

const MARGIN = { x: 72, top: 72, bottom: 64 }
const BODY = { size: 12, line: 21 }
const INK = rgb(0.08, 0.08, 0.08)
/** Height kept free on the last page for the seal (an official round seal is 42 mm). */
const SEAL_AREA = 150

// 避头尾 (GB/T 15834, CLREQ): these never begin a line; the character before them moves down.
class Writer {
  readonly pages: PDFPage[] = []
  private page!: PDFPage
  private readonly pdf: PDFDocument
  readonly font: PDFFont
  y = 0
  constructor(pdf: PDFDocument, font: PDFFont) {
    this.pdf = pdf
    this.font = font
    this.newPage()
  }

  newPage() {
    this.page = this.pdf.addPage([A4.width, A4.height])
    this.pages.push(this.page)
    this.y = A4.height - MARGIN.top
  }

  ensure(height: number) {
    if (this.y - height < MARGIN.bottom) this.newPage()
  }

  text(text: string, x: number, size: number) {
    this.page.drawText(text, {
      x,
      y: this.y - size,
      size,
      font: this.font,
      color: INK,
    })
  }

  measure(size: number) {
    return charWidthOf(this.font, size)
  }

  block(text: string, x: number, hang: number, size = BODY.size) {
    const first = wrapText(text, A4.width - MARGIN.x - x, this.measure(size))
    const [head = '', ...rest] = first
    this.ensure(BODY.line)
    this.text(head, x, size)
    this.y -= BODY.line
    const tail = wrapText(
      rest.join(''),
      A4.width - MARGIN.x - hang,
      this.measure(size),
    )
    for (const line of tail) {
      this.ensure(BODY.line)
      this.text(line, hang, size)
      this.y -= BODY.line
    }
  }
}

// Subset to the characters used, so the text extracts as written.
export async function renderLetterPdf(letter: Letter): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(letter.title)
  pdf.setSubject(letter.subject)
  pdf.setAuthor(letter.author)
  pdf.setCreator(letter.author)
  pdf.setLanguage('zh-CN')
  const font = await embedCjkFont(pdf)
  const w = new Writer(pdf, font)

  // Title, spaced out as official letters are: 投 诉 书.
  const title = Array.from(letter.title).join(' ')
  w.text(title, (A4.width - font.widthOfTextAtSize(title, 22)) / 2, 22)
  w.y -= 48

  const labelWidth = Math.max(
    ...letter.sections.flatMap((s) =>
      (s.rows ?? []).map(([label]) =>
        font.widthOfTextAtSize(`${label}：`, BODY.size),
      ),
    ),
    0,
  )
  for (const section of letter.sections) {
    w.ensure(BODY.line * 3)
    w.y -= 6
    w.text(section.heading, MARGIN.x, 14)
    w.y -= 26
    for (const [label, value] of section.rows ?? []) {
      w.ensure(BODY.line)
      w.text(`${label}：`, MARGIN.x + 24, BODY.size)
      const x = MARGIN.x + 24 + labelWidth
      w.block(value === '' ? '—' : value, x, x)
    }
    for (const paragraph of section.paragraphs ?? []) {
      // Two ideographic spaces: the first-line indent of Chinese official documents.
      w.block(`\u3000\u3000${paragraph}`, MARGIN.x, MARGIN.x)
      w.y -= 4
    }
    ;(section.items ?? []).forEach((item, index) => {
      const number = `${index + 1}. `
      w.ensure(BODY.line)
      w.text(number, MARGIN.x + 24, BODY.size)
      const x = MARGIN.x + 24 + font.widthOfTextAtSize('00. ', BODY.size)
      w.block(item, x, x)
    })
    w.y -= 10
  }

  // The closing with the seal area, kept together on the last page.
  const { salutation, lines, date } = letter.closing
  w.ensure(SEAL_AREA + BODY.line * (lines.length + 4))
  w.y -= 8
  w.text(`\u3000\u3000${salutation[0]}`, MARGIN.x, BODY.size)
  w.y -= BODY.line
  w.text(salutation[1], MARGIN.x, BODY.size)
  w.y -= BODY.line * 2
  const right = (text: string) =>
    w.text(
      text,
      A4.width - MARGIN.x - font.widthOfTextAtSize(text, BODY.size),
      BODY.size,
    )
  for (const line of lines) {
    right(line)
    w.y -= BODY.line
  }
  // Left blank: the complainant's electronic seal is placed here when the form is signed.
  w.y -= SEAL_AREA
  right(date)

  numberPages(w.pages, font)
  return pdf.save()
}
