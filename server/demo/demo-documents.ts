import {
  AlignmentType,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx'
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib'

import { embedCjkFont } from '#server/files/cjk-font.ts'
import {
  A4,
  charWidthOf,
  numberPages,
  wrapText,
} from '#server/files/pdf-layout.ts'

import type { AttachmentSpec } from './template-context.ts'

const MARGIN = 72

/** A real, text-extractable PDF with the attachment's title and paragraphs. */
export async function createPdf(
  spec: AttachmentSpec,
  fontBytes: Uint8Array,
  unit: string,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(spec.title)
  pdf.setAuthor(unit)
  pdf.setLanguage('zh-CN')
  const font = await embedCjkFont(pdf, fontBytes)
  const width = A4.width - 2 * MARGIN
  const pages: PDFPage[] = []
  let page = pdf.addPage([A4.width, A4.height])
  pages.push(page)
  let y = A4.height - MARGIN
  const newPageIfNeeded = (lineHeight: number) => {
    if (y - lineHeight < MARGIN) {
      page = pdf.addPage([A4.width, A4.height])
      pages.push(page)
      y = A4.height - MARGIN
    }
  }
  for (const line of wrapText(spec.title, width, charWidthOf(font, 18))) {
    newPageIfNeeded(28)
    const lineWidth = font.widthOfTextAtSize(line, 18)
    page.drawText(line, {
      x: (A4.width - lineWidth) / 2,
      y: y - 18,
      size: 18,
      font,
    })
    y -= 28
  }
  y -= 12
  for (const paragraph of spec.paragraphs) {
    // Two ideographic spaces: the first-line indent of Chinese official documents.
    for (const line of wrapText(
      `\u3000\u3000${paragraph}`,
      width,
      charWidthOf(font, 12),
    )) {
      newPageIfNeeded(22)
      page.drawText(line, {
        x: MARGIN,
        y: y - 12,
        size: 12,
        font,
        color: rgb(0.1, 0.1, 0.1),
      })
      y -= 22
    }
    y -= 6
  }
  newPageIfNeeded(30)
  const unitWidth = font.widthOfTextAtSize(unit, 12)
  page.drawText(unit, {
    x: A4.width - MARGIN - unitWidth,
    y: y - 24,
    size: 12,
    font,
  })
  numberPages(pages, font)
  return pdf.save()
}

const SONG = {
  ascii: 'Times New Roman',
  hAnsi: 'Times New Roman',
  eastAsia: '宋体',
}

/** A real .docx (Word) with the attachment's title, paragraphs and, for forms, a blank table. */
export async function createDocx(spec: AttachmentSpec): Promise<Uint8Array> {
  const children: (Paragraph | Table)[] = [
    new Paragraph({
      heading: HeadingLevel.HEADING_1,
      alignment: AlignmentType.CENTER,
      children: [
        new TextRun({ text: spec.title, font: SONG, size: 36, bold: true }),
      ],
    }),
    ...spec.paragraphs.map(
      (text) =>
        new Paragraph({
          indent: { firstLine: 480 },
          spacing: { line: 360 },
          children: [new TextRun({ text, font: SONG, size: 24 })],
        }),
    ),
  ]
  if (spec.form) {
    const cell = (text: string, bold = false) =>
      new TableCell({
        children: [
          new Paragraph({
            children: [new TextRun({ text, font: SONG, size: 22, bold })],
          }),
        ],
      })
    children.push(
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: [
          new TableRow({
            tableHeader: true,
            children: spec.form.columns.map((c) => cell(c, true)),
          }),
          ...Array.from(
            { length: spec.form.rows },
            (_, row) =>
              new TableRow({
                children: spec.form!.columns.map((_, col) =>
                  cell(col === 0 ? String(row + 1) : ''),
                ),
              }),
          ),
        ],
      }),
    )
  }
  const document = new Document({
    creator: '自治区水利厅',
    title: spec.title,
    sections: [{ children }],
  })
  return new Uint8Array(await Packer.toBuffer(document))
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** A cover picture for the home page carousel: water, mountains and the headline. */
export function createCoverSvg(
  title: string,
  label: string,
  hue: number,
): string {
  // A landscape with the category badge in a corner. The headline is not drawn into the
  // picture: the carousel shows it as text, where it can be read, searched and translated.
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600" viewBox="0 0 1200 600" font-family="'Noto Sans SC','PingFang SC','Microsoft YaHei',sans-serif">
<title>${escapeXml(title)}</title>
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,38%)"/><stop offset="1" stop-color="hsl(${hue + 20},70%,22%)"/></linearGradient></defs>
<rect width="1200" height="600" fill="url(#sky)"/>
<circle cx="980" cy="120" r="56" fill="hsl(${hue + 40},80%,85%)" opacity="0.5"/>
<path d="M0 300 L180 170 L300 250 L460 110 L620 240 L760 150 L940 260 L1080 180 L1200 240 L1200 600 L0 600Z" fill="hsl(${hue},30%,30%)" opacity="0.55"/>
<path d="M0 330 Q150 300 300 330 T600 330 T900 330 T1200 330 V600 H0Z" fill="hsl(${hue - 10},70%,45%)" opacity="0.6"/>
<path d="M0 360 Q150 335 300 360 T600 360 T900 360 T1200 360 V600 H0Z" fill="hsl(${hue - 10},75%,30%)" opacity="0.8"/>
<path d="M0 420 Q150 400 300 420 T600 420 T900 420 T1200 420 V600 H0Z" fill="hsl(${hue - 10},75%,22%)" opacity="0.8"/>
<rect x="40" y="36" width="${label.length * 24 + 32}" height="40" rx="4" fill="#fff" opacity="0.9"/>
<text x="56" y="64" font-size="22" fill="hsl(${hue},65%,30%)">${escapeXml(label)}</text>
</svg>
`
}
