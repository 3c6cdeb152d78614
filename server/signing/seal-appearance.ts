import {
  beginText,
  closePath,
  drawEllipse,
  endText,
  fill,
  lineTo,
  moveTo,
  type PDFDocument,
  type PDFFont,
  type PDFOperator,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingRgbColor,
  setFontAndSize,
  setLineWidth,
  setStrokingRgbColor,
  setTextMatrix,
  setTextRenderingMode,
  showText,
  TextRenderingMode,
} from 'pdf-lib'

// The seal is 42 mm across, the size of an official organisation seal (GA 241).
export const SEAL_SIZE = 119
// Seal red; official seals are red (GA 241-2000).
const RED = { r: 0.84, g: 0.09, b: 0.11 }
const BORDER = 3.4

type SealText = { name: string; purpose: string }

function star(cx: number, cy: number, outer: number): PDFOperator[] {
  const inner = outer * 0.382
  const ops: PDFOperator[] = []
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? outer : inner
    const angle = Math.PI / 2 + (i * Math.PI) / 5
    const x = cx + radius * Math.cos(angle)
    const y = cy + radius * Math.sin(angle)
    ops.push(i === 0 ? moveTo(x, y) : lineTo(x, y))
  }
  return [...ops, closePath(), fill()]
}

function glyph(
  font: PDFFont,
  char: string,
  size: number,
  x: number,
  y: number,
  angle: number,
): PDFOperator[] {
  const half = font.widthOfTextAtSize(char, size) / 2
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)]
  return [
    setTextMatrix(cos, sin, -sin, cos, x - half * cos, y - half * sin),
    showText(font.encodeText(char)),
  ]
}

function arcText(font: PDFFont, name: string, centre: number): PDFOperator[] {
  const chars = [...name]
  const outer = centre - BORDER - 3
  // Long names get a smaller size and a wider arc (up to 250°), as seal makers lay them out.
  const size = Math.min(
    17,
    Math.max(8, ((outer - 8) * ((250 * Math.PI) / 180)) / chars.length / 1.08),
  )
  const radius = outer - size * 0.88
  const step = Math.min(
    (size * 1.12) / radius,
    (250 * Math.PI) / 180 / chars.length,
  )
  const start = Math.PI / 2 + (step * (chars.length - 1)) / 2
  return chars.flatMap((char, i) => {
    const theta = start - i * step
    return [
      setFontAndSize('F0', size),
      ...glyph(
        font,
        char,
        size,
        centre + radius * Math.cos(theta),
        centre + radius * Math.sin(theta),
        theta - Math.PI / 2,
      ),
    ]
  })
}

export function drawSealAppearance(
  doc: PDFDocument,
  font: PDFFont,
  text: SealText,
): PDFRef {
  const c = SEAL_SIZE / 2
  const purposeSize = Math.min(
    11,
    (SEAL_SIZE * 0.55) / [...text.purpose].length,
  )
  const purposeWidth = font.widthOfTextAtSize(text.purpose, purposeSize)
  const operators = [
    pushGraphicsState(),
    ...drawEllipse({
      x: c,
      y: c,
      xScale: c - BORDER / 2 - 0.5,
      yScale: c - BORDER / 2 - 0.5,
      color: undefined,
      borderColor: rgb(RED.r, RED.g, RED.b),
      borderWidth: BORDER,
    }),
    setFillingRgbColor(RED.r, RED.g, RED.b),
    setStrokingRgbColor(RED.r, RED.g, RED.b),
    ...star(c, c + 2, SEAL_SIZE * 0.15),
    beginText(),
    // Fill and a thin stroke: the bolder strokes of a carved seal from a regular-weight font.
    setTextRenderingMode(TextRenderingMode.FillAndOutline),
    setLineWidth(0.35),
    ...arcText(font, text.name, c),
    setFontAndSize('F0', purposeSize),
    setTextMatrix(1, 0, 0, 1, c - purposeWidth / 2, c - SEAL_SIZE * 0.3),
    showText(font.encodeText(text.purpose)),
    endText(),
    popGraphicsState(),
  ]
  const stream = doc.context.formXObject(operators, {
    BBox: [0, 0, SEAL_SIZE, SEAL_SIZE],
    Resources: { Font: { F0: font.ref } },
  })
  return doc.context.register(stream)
}
