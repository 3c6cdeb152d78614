// ISO 32000-2, 7.2 and 7.3: the lexical rules every reader of the file applies.

export const isWhite = (c: number) =>
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
export const isRegular = (c: number) => !isWhite(c) && !isDelimiter(c)

/** A name's text with its #xx escapes decoded (7.3.5): /J#61vaScript is /JavaScript. */
export function decodeName(raw: string): string {
  if (!raw.includes('#')) return raw
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  )
}

export function stringText(bytes: number[]): string {
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

export function readLiteral(
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
