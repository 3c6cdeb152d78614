import { PDFContext, PDFDict, PDFName, PDFObjectParser } from 'pdf-lib'

import { type Facts, lexRegion, type PdfFinding } from './pdf-region-lexer.ts'
import { decodeData, nameOf, streamData } from './pdf-stream-decoding.ts'

const EXECUTABLE_MAGIC: readonly number[][] = [
  [0x4d, 0x5a], // MZ: Windows and DOS programs
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal, Java class
  [0x23, 0x21], // #! script
]

/** At most this many bytes come out of all object streams together: more is a bomb. */
const MAX_DECODED_BYTES = 64 * 1024 * 1024
const SLICE_MS = 10

async function runSliced<T>(lexing: Generator<void, T>): Promise<T> {
  let sliceStart = performance.now()
  for (;;) {
    const step = lexing.next()
    if (step.done) return step.value
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve))
      sliceStart = performance.now()
    }
  }
}

const startsWith = (data: Uint8Array, magic: readonly number[]) =>
  magic.every((byte, index) => data[index] === byte)

// issue 10, point 7. Objects hidden inside another's stream data are read too (a reader finds
// them through the cross-reference table). An encrypted PDF with object streams or embedded files
// is `unreadable`: its streams cannot be read here.
export async function findPdfActiveContent(
  bytes: Uint8Array,
): Promise<PdfFinding | null> {
  const text = Buffer.from(
    bytes.buffer,
    bytes.byteOffset,
    bytes.byteLength,
  ).toString('latin1')
  const facts: Facts = {
    found: null,
    isEncrypted: false,
    hasEmbeddedFiles: false,
  }
  // An object header as a reader's lexer sees it (comments are white space), or a trailer.
  const header =
    /\d+(?:[\0\t\n\f\r ]|%[^\r\n]*[\r\n])+\d+(?:[\0\t\n\f\r ]|%[^\r\n]*[\r\n])*obj|trailer/g
  const objectStreams: { dict: PDFDict; data: Uint8Array }[] = []
  const embedded: { dict: PDFDict; data: Uint8Array }[] = []
  const context = PDFContext.create()
  let sliceStart = performance.now()
  const pause = async () => {
    if (performance.now() - sliceStart <= SLICE_MS) return
    await new Promise((resolve) => setImmediate(resolve))
    sliceStart = performance.now()
  }
  // Object by object, from each header to the next one, wherever it stands.
  for (let match = header.exec(text); match;) {
    const start = match.index + match[0].length
    const next = header.exec(text)
    const lexing = lexRegion(
      text,
      start,
      next?.index ?? text.length,
      true,
      facts,
    )
    let step = lexing.next()
    while (!step.done) {
      await pause()
      step = lexing.next()
    }
    if (facts.found) return facts.found
    await pause()
    match = next
    const stream = step.value
    if (!stream?.isOfInterest) continue
    let dict: PDFDict
    try {
      const parsed = PDFObjectParser.forBytes(
        bytes.subarray(...stream.dict),
        context,
      ).parseObject()
      if (!(parsed instanceof PDFDict)) continue
      dict = parsed
    } catch {
      return { kind: 'unreadable', detail: 'stream dictionary' }
    }
    const type = nameOf(dict.get(PDFName.of('Type')))
    const isObjectStream = type === 'ObjStm' || dict.has(PDFName.of('First'))
    const isEmbeddedFile =
      type === 'EmbeddedFile' || dict.has(PDFName.of('Params'))
    if (!isObjectStream && !isEmbeddedFile) continue
    const data = streamData(bytes, text, dict, stream.dataStart)
    ;(isObjectStream ? objectStreams : embedded).push({ dict, data })
  }
  if (facts.isEncrypted && (objectStreams.length > 0 || facts.hasEmbeddedFiles))
    return { kind: 'unreadable', detail: 'encrypted' }

  let budget = MAX_DECODED_BYTES
  for (const { dict, data } of objectStreams) {
    const decoded =
      budget > 0 ? await decodeData(dict, data, budget).catch(() => null) : null
    if (!decoded) return { kind: 'unreadable', detail: 'object stream' }
    budget -= decoded.length
    const content = Buffer.from(decoded).toString('latin1')
    await runSliced(lexRegion(content, 0, content.length, false, facts))
    if (facts.found) return facts.found
  }
  for (const { dict, data } of embedded) {
    // The first bytes tell a program: decode only the beginning of the data.
    const decoded = await decodeData(
      dict,
      data.subarray(0, 65536),
      1 << 20,
    ).catch(() => null)
    if (decoded && EXECUTABLE_MAGIC.some((magic) => startsWith(decoded, magic)))
      return { kind: 'active', detail: 'embedded program' }
  }
  return null
}
