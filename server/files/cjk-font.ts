import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

import * as fontkit from 'fontkit'
import type { PDFDocument, PDFFont } from 'pdf-lib'

const require = createRequire(import.meta.url)
let fontBytes: Promise<Uint8Array> | undefined

// The standard PDF fonts have no Chinese glyphs. Read once per process (about 10 MB, outside the
// JavaScript heap).
export function cjkFontBytes(): Promise<Uint8Array> {
  fontBytes ??= readFile(
    require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  ).catch((error: unknown) => {
    fontBytes = undefined
    throw error
  })
  return fontBytes
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0]

type ParsedFont = {
  glyphsForString(text: string): unknown[]
  layout(text: string): { glyphs: unknown[] }
}

// fontkit parses the whole font (10 MB) on every embedFont: every PDF of the process shares one
// parsed font per font file (each document still gets its own subset). pdf-lib reads only the
// glyphs of a layout, and Chinese text in Noto Sans SC needs no shaping, so the costly OpenType
// layout (most of a document's time) is replaced by the plain character-to-glyph mapping.
const parsedFonts = new WeakMap<Uint8Array, ParsedFont>()
const sharedFontkit = {
  ...(fontkit as unknown as Fontkit),
  create(bytes: Uint8Array) {
    let font = parsedFonts.get(bytes)
    if (!font) {
      const parsed = fontkit.create(bytes as Buffer) as unknown as ParsedFont
      font = Object.create(parsed) as ParsedFont
      font.layout = (text) => ({ glyphs: parsed.glyphsForString(text) })
      parsedFonts.set(bytes, font)
    }
    return font
  },
} as unknown as Fontkit

// Upstream fontkit, not @pdf-lib/fontkit: the latter's subsetter corrupts CJK TrueType glyphs
// (glyphs drop out while the text still extracts), which upstream fixed in fontkit 1.8/1.9.
export async function embedCjkFont(
  pdf: PDFDocument,
  bytes?: Uint8Array,
): Promise<PDFFont> {
  pdf.registerFontkit(sharedFontkit)
  return pdf.embedFont(bytes ?? (await cjkFontBytes()), { subset: true })
}
