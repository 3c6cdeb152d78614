import { type PDFFont, type PDFPage, rgb } from 'pdf-lib'

/** A4 in PDF points. */
export const A4 = { width: 595.28, height: 841.89 }

const NO_LINE_START = new Set(
  Array.from('，。、；：？！）》」』】〕…—％,.;:?!)'),
)

/**
 * Cuts text into lines that fit the width. Chinese may break between any two characters, but a
 * closing mark never starts a line: the character before it moves down with it. Widths are
 * summed per character (CJK text has no kerning to lose); measuring the growing line again for
 * every character made long documents quadratic.
 */
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

/** The width of one character of `font` at `size`, for wrapText. */
export const charWidthOf = (font: PDFFont, size: number) => (char: string) =>
  font.widthOfTextAtSize(char, size)

/** 第 i 页，共 n 页 centred at the foot of every page. */
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
