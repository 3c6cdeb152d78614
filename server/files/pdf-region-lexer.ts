import {
  decodeName,
  isRegular,
  isWhite,
  readLiteral,
  stringText,
} from './pdf-syntax.ts'

// active: runs or launches on opening or on a click; unreadable: a part that could hold such
// things cannot be read.
export type PdfFinding = { kind: 'active' | 'unreadable'; detail: string }

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

export type Facts = {
  found: PdfFinding | null
  isEncrypted: boolean
  hasEmbeddedFiles: boolean
}

type StreamAt = {
  dict: [number, number]
  dataStart: number
  isOfInterest: boolean
}

const STREAM_MARKERS = new Set(['ObjStm', 'First', 'EmbeddedFile', 'Params'])

// In an object stream's content, where no stream can stand, it reads to the end; in the file it
// stops at `stream`, whose data is binary.
export function* lexRegion(
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
