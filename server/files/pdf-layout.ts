import { type PDFFont, type PDFPage, rgb } from 'pdf-lib'

/** A4 in PDF points. */
export const A4 = { width: 595.28, height: 841.89 }

const NO_LINE_START = new Set(
  Array.from('，。、；：？！）》」』】〕…—％,.;:?!)'),
)

// A closing mark never starts a line. Widths are summed per character: measuring the growing line
// again for every character made long documents quadratic.
export function wrapText(
  text: string,
  width: number,
  charWidth: (char: string) => number,
): string[] {
  const lines: string[] = []
  let chars: string[] = []
  let lineWidth = 0
  for (const char of text) {
    const w = charWidth(char)
    if (chars.length > 0 && lineWidth + w > width) {
      const carried =
        NO_LINE_START.has(char) && chars.length > 1 ? chars.pop() : undefined
      lines.push(chars.join(''))
      chars = carried === undefined ? [] : [carried]
      lineWidth = carried === undefined ? 0 : charWidth(carried)
    }
    chars.push(char)
    lineWidth += w
  }
  if (chars.length > 0) lines.push(chars.join(''))
  return lines
}

export const charWidthOf = (font: PDFFont, size: number) => (char: string) =>
  font.widthOfTextAtSize(char, size)

export function numberPages(pages: PDFPage[], font: PDFFont) {
  pages.forEach((page, index) => {
    const label = `第 ${index + 1} 页，共 ${pages.length} 页`
    page.drawText(label, {
      x: (A4.width - font.widthOfTextAtSize(label, 9)) / 2,
      y: 36,
      size: 9,
      font,
      color: rgb(0.4, 0.4, 0.4),
    })
  })
}
