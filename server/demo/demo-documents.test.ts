import * as fontkit from 'fontkit'
import {
  decodePDFRawStream,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
} from 'pdf-lib'
import { describe, expect, it } from 'vitest'

import { cjkFontBytes } from '#server/files/cjk-font.ts'

import { createPdf } from './demo-documents.ts'

/** Every glyph of the font subsets embedded in a PDF, opened with fontkit. */
async function embeddedGlyphs(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes)
  const glyphs: { id: number; commands: number; advance: number }[] = []
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (
      !(object instanceof PDFDict) ||
      object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')
    )
      continue
    const file = object.lookup(PDFName.of('FontFile2'))
    if (!(file instanceof PDFRawStream)) continue
    const font = fontkit.create(
      Buffer.from(decodePDFRawStream(file).decode()),
    ) as fontkit.Font
    for (let id = 1; id < font.numGlyphs; id++) {
      const glyph = font.getGlyph(id)
      glyphs.push({
        id,
        commands: glyph.path.commands.length,
        advance: glyph.advanceWidth,
      })
    }
  }
  return glyphs
}

describe('generated PDF attachments', () => {
  it('embed a font subset in which every Chinese character and digit still has its outline', async () => {
    const text = '2026年第三期水利工程评标专家培训日程安排：乌鲁木齐市，为期2天'
    const fontBytes = await cjkFontBytes()
    const bytes = await createPdf(
      {
        title: text,
        paragraphs: ['违法违规典型案例剖析；闭卷考试。'],
      } as never,
      fontBytes,
      '自治区水利厅',
    )
    const glyphs = await embeddedGlyphs(bytes)
    expect(glyphs.length).toBeGreaterThan(30)
    // Only the spaces (ASCII and ideographic) may be blank. A corrupted subset keeps a glyph's
    // width but loses its outline: the character is simply not drawn.
    const original = fontkit.create(Buffer.from(fontBytes)) as fontkit.Font
    const spaceWidths = [0x20, 0x3000].map(
      (c) => original.glyphForCodePoint(c).advanceWidth,
    )
    const blank = glyphs.filter(
      (g) => g.commands === 0 && !spaceWidths.includes(g.advance),
    )
    expect(blank).toEqual([])
  })
})
