import { promisify } from 'node:util'
import { constants, inflate, inflateRaw } from 'node:zlib'

import {
  decodePDFRawStream,
  PDFArray,
  PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFObjectParser,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib'

/**
 * Why a PDF is refused: `active` when it carries something that runs or launches on opening
 * or on a click, `unreadable` when part of it that could hold such things cannot be read.
 */
type PdfFinding = { kind: 'active' | 'unreadable'; detail: string }

// ISO 32000-2: JavaScript (12.6.4.17, the /JavaScript name tree), launch and its /Win /Mac
// /Unix parameters (12.6.4.6), form submission and import (12.7.6), embedded go-to (12.6.4.4),
// rendition, rich media and 3D, which may carry scripts (12.6.4.14, 13.7, 13.6), XFA forms
// (12.7.9), and the additional-actions dictionaries that fire on their own (12.6.3).
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'Rendition',
  'RichMedia',
  'RichMediaExecute',
  '3D',
  'XFA',
  'AA',
])
// A link may open a web page; not run a script or a local file.
const ACTIVE_URI = /^\s*(javascript|vbscript|data|file):/i
// Names under which a file specification gives a file name (7.11.3).
const FILE_NAME_KEYS = new Set(['F', 'UF', 'DOS', 'Mac', 'Unix'])
const EXECUTABLE_NAME =
  /\.(exe|com|scr|pif|bat|cmd|ps1|psm1|vbs|vbe|js|jse|wsf|wsh|hta|msi|msp|msc|cpl|dll|jar|lnk|reg|sh|apk|app)\s*$/i
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
/** Reading gives the event loop a turn after this many milliseconds. */
const SLICE_MS = 10

const isWhite = (c: number) =>
  c === 0 || c === 9 || c === 10 || c === 12 || c === 13 || c === 32
const isDelimiter = (c: number) =>
  c === 0x28 || // (
  c === 0x29 || // )
  c === 0x3c || // <
  c === 0x3e || // >
  c === 0x5b || // [
  c === 0x5d || // ]
  c === 0x7b || // {
  c === 0x7d || // }
  c === 0x2f || // /
  c === 0x25 // %
const isRegular = (c: number) => !isWhite(c) && !isDelimiter(c)

/** A name's text with its #xx escapes decoded (7.3.5): /J#61vaScript is /JavaScript. */
function decodeName(raw: string): string {
  if (!raw.includes('#')) return raw
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  )
}

/** Text of a string's bytes: UTF-16BE or UTF-8 with their marks, else byte by byte. */
function stringText(bytes: number[]): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return Buffer.from(bytes.slice(2, 2 + ((bytes.length - 2) & ~1)))
      .swap16()
      .toString('utf16le')
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return Buffer.from(bytes.slice(3)).toString('utf8')
  return Buffer.from(bytes).toString('latin1')
}

const ESCAPES: Record<number, number> = {
  0x6e: 10, // \n
  0x72: 13, // \r
  0x74: 9, // \t
  0x62: 8, // \b
  0x66: 12, // \f
}

/** A literal string from `(` (7.3.4.2): its end, and its bytes when asked for. */
function readLiteral(
  text: string,
  start: number,
  end: number,
  keep: boolean,
): { next: number; value: number[] } {
  const value: number[] = []
  let depth = 0
  let i = start
  const at = (k: number) => text.charCodeAt(k)
  while (i < end) {
    const c = at(i)
    if (c === 0x5c) {
      const e = i + 1 < end ? at(i + 1) : 0
      i += 2
      if (!keep) continue
      if (e >= 0x30 && e <= 0x37) {
        let code = e - 0x30
        for (let n = 0; n < 2 && at(i) >= 0x30 && at(i) <= 0x37; n++)
          code = code * 8 + (at(i++) - 0x30)
        value.push(code & 0xff)
      } else if (e !== 10 && e !== 13) value.push(ESCAPES[e] ?? e)
      continue
    }
    i++
    if (c === 0x28) depth++
    else if (c === 0x29 && --depth === 0) break
    if (keep && depth > 0 && (c !== 0x28 || depth > 1)) value.push(c)
  }
  return { next: i, value }
}

type Facts = {
  found: PdfFinding | null
  isEncrypted: boolean
  hasEmbeddedFiles: boolean
}

/**
 * One object's stream: where its dictionary stands, where its data starts, and whether its
 * object named what an object stream or an embedded file has (the rest is not decoded).
 */
type StreamAt = {
  dict: [number, number]
  dataStart: number
  isOfInterest: boolean
}

const STREAM_MARKERS = new Set(['ObjStm', 'First', 'EmbeddedFile', 'Params'])

/**
 * Reads the tokens of `text` (bytes as latin1) from `start` to `end` and records what they
 * show: active names, script links, executable file names, encryption. In the file itself it
 * stops at `stream` and returns that stream (its data is binary); in an object stream's
 * content, where no stream can stand, it reads to the end whatever words it meets.
 */
function* lexRegion(
  text: string,
  start: number,
  end: number,
  allowStreams: boolean,
  facts: Facts,
): Generator<void, StreamAt | null> {
  const at = (k: number) => text.charCodeAt(k)
  let steps = 0
  let i = start
  let key: string | null = null
  let depth = 0
  let dictStart = -1
  let lastDict: [number, number] | null = null
  let isOfInterest = false
  const note = (kind: PdfFinding['kind'], detail: string) => {
    facts.found ??= { kind, detail }
  }
  while (i < end && !facts.found) {
    // A pause now and then: a crafted file of millions of tokens shares the event loop.
    if (++steps % 65536 === 0) yield
    const c = at(i)
    if (isWhite(c)) {
      i++
    } else if (c === 0x25) {
      while (i < end && at(i) !== 10 && at(i) !== 13) i++
    } else if (c === 0x28) {
      const isWanted = key !== null
      const { next, value } = readLiteral(text, i, end, isWanted)
      if (isWanted) onString(key!, stringText(value))
      key = null
      i = next
    } else if (c === 0x3c && at(i + 1) === 0x3c) {
      if (depth++ === 0) dictStart = i
      key = null
      i += 2
    } else if (c === 0x3c) {
      let close = text.indexOf('>', i + 1)
      if (close < 0 || close > end) close = end
      if (key !== null) {
        const hex = text.slice(i + 1, close).replace(/[^0-9a-fA-F]/g, '')
        const even = hex.length % 2 === 0 ? hex : `${hex}0`
        onString(key, stringText([...Buffer.from(even, 'hex')]))
      }
      key = null
      i = close + 1
    } else if (c === 0x3e && at(i + 1) === 0x3e) {
      if (depth > 0 && --depth === 0) lastDict = [dictStart, i + 2]
      key = null
      i += 2
    } else if (c === 0x2f) {
      let j = i + 1
      while (j < end && isRegular(at(j))) j++
      const name = decodeName(text.slice(i + 1, j))
      if (ACTIVE_NAMES.has(name)) note('active', `/${name}`)
      if (name === 'Encrypt') facts.isEncrypted = true
      if (STREAM_MARKERS.has(name)) isOfInterest = true
      if (name === 'EmbeddedFile' || name === 'EmbeddedFiles' || name === 'EF')
        facts.hasEmbeddedFiles = true
      key = name
      i = j
    } else if (isRegular(c)) {
      let j = i + 1
      while (j < end && isRegular(at(j))) j++
      const isStream =
        allowStreams && text.startsWith('stream', i) && j - i === 6
      i = j
      key = null
      if (isStream) {
        if (at(i) === 13) i++
        if (at(i) === 10) i++
        return lastDict ? { dict: lastDict, dataStart: i, isOfInterest } : null
      }
    } else {
      key = null
      i++
    }
  }
  return null

  function onString(name: string, text: string) {
    if (name === 'URI' && ACTIVE_URI.test(text)) note('active', `URI ${text}`)
    if (FILE_NAME_KEYS.has(name) && EXECUTABLE_NAME.test(text))
      note('active', `file ${text}`)
  }
}

/** Runs a lexing to its end, letting other requests run every SLICE_MS. */
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

const nameOf = (value: unknown) =>
  value instanceof PDFName ? value.decodeText() : undefined

/** A direct /Length, or one given as a reference to an object holding only a number. */
function streamLength(dict: PDFDict, text: string): number | undefined {
  const length = dict.get(PDFName.of('Length'))
  if (length instanceof PDFNumber) return length.asNumber()
  if (!(length instanceof PDFRef)) return undefined
  const pattern = new RegExp(
    `(?:^|[^0-9])${length.objectNumber}[\\0\\t\\n\\f\\r ]+${length.generationNumber}[\\0\\t\\n\\f\\r ]*obj[\\0\\t\\n\\f\\r ]*(\\d+)`,
    'g',
  )
  const last = [...text.matchAll(pattern)].at(-1)
  return last ? Number(last[1]) : undefined
}

/**
 * The stream's raw data: /Length when `endstream` follows it, else up to the first
 * `endstream`, as readers do with a wrong length.
 */
function streamData(
  bytes: Uint8Array,
  text: string,
  dict: PDFDict,
  dataStart: number,
): Uint8Array {
  const length = streamLength(dict, text)
  if (length !== undefined && length >= 0) {
    const after = text.slice(dataStart + length, dataStart + length + 12)
    if (/^[\0\t\n\f\r ]*endstream/.test(after))
      return bytes.subarray(dataStart, dataStart + length)
  }
  const endstream = text.indexOf('endstream', dataStart)
  return bytes.subarray(dataStart, endstream < 0 ? bytes.length : endstream)
}

const FILTER_ALIASES: Record<string, string> = {
  Fl: 'FlateDecode',
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  LZW: 'LZWDecode',
  RL: 'RunLengthDecode',
}

async function inflateCapped(data: Uint8Array, limit: number) {
  const options = {
    maxOutputLength: limit,
    finishFlush: constants.Z_SYNC_FLUSH,
  }
  try {
    return await promisify(inflate)(data, options)
  } catch {
    return promisify(inflateRaw)(data, options)
  }
}

/**
 * The decoded data of a stream, at most `limit` bytes, or null when it cannot be decoded: an
 * unknown or encrypted filter, a predictor (never used on object streams by any writer), a
 * filter given by reference, a bomb past the limit.
 */
async function decodeData(
  dict: PDFDict,
  data: Uint8Array,
  limit: number,
): Promise<Uint8Array | null> {
  const filter = dict.get(PDFName.of('Filter'))
  const filters =
    filter === undefined
      ? []
      : filter instanceof PDFArray
        ? filter.asArray().map(nameOf)
        : [nameOf(filter)]
  const parms = dict.get(PDFName.of('DecodeParms'))
  if (
    parms instanceof PDFRef ||
    (parms !== undefined && /\/Predictor\s+([2-9]|\d\d)/.test(parms.toString()))
  )
    return null
  let current = data
  for (const raw of filters) {
    const name = raw === undefined ? undefined : (FILTER_ALIASES[raw] ?? raw)
    if (name === 'FlateDecode') {
      current = await inflateCapped(current, limit)
      continue
    }
    if (
      name !== 'ASCIIHexDecode' &&
      name !== 'ASCII85Decode' &&
      name !== 'LZWDecode' &&
      name !== 'RunLengthDecode'
    )
      return null
    const context = PDFContext.create()
    const decoded = decodePDFRawStream(
      PDFRawStream.of(context.obj({ Filter: name }), current),
    ).getBytes(limit + 1)
    if (decoded.length > limit) return null
    current = Uint8Array.from(decoded)
  }
  return current
}

const startsWith = (data: Uint8Array, magic: readonly number[]) =>
  magic.every((byte, index) => data[index] === byte)

/**
 * Looks through a PDF for what could run or launch when it is opened or clicked (issue 10,
 * point 7): JavaScript (actions, the name tree, /JS anywhere), launch actions, form
 * submission and data import, embedded go-to, rendition, rich media, 3D, XFA forms, additional
 * actions (/AA, which fire by themselves), links to javascript:, vbscript:, data: or file:
 * URLs, and embedded or linked files that are programs (by name, or by the first bytes of an
 * embedded file stream). Names are read with their #xx escapes decoded; strings with their
 * escapes and in UTF-16. Every object of the file is read wherever it stands — also objects
 * hidden inside another's stream data, which a reader finds through the cross-reference
 * table — and every object stream is decompressed (Flate, LZW, ASCIIHex, ASCII85, RunLength,
 * chained; at most 64 MB together) and read the same way. A PDF whose object streams cannot be
 * decoded, or that is encrypted (its streams and strings unreadable here) and has object
 * streams or embedded files, is `unreadable`. Returns null for a PDF without any of these.
 */
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
