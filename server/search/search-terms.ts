// Chinese has no spaces, and a segmenter cuts the same characters differently in different
// contexts (水库 is a word in 水库除险加固 but not inside 水库群). So each run of Han characters is
// indexed as its overlapping pairs and its last character (青年水库 → 青年 年水 水库 库): a
// document is found exactly when it contains the keyword, whatever the segmenter did.

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' })
const HAN = /^\p{Script=Han}/u
// A piece is a run of Han characters or a run of other letters and digits (with their marks).
const PIECES = /\p{Script=Han}+|[\p{L}\p{N}\p{M}]+/gu

// A visitor's keyword may differ in width (Ａ１) or case.
function normalizeSearchText(text: string): string {
  return text.normalize('NFKC').toLowerCase()
}

type Piece = { text: string; isHan: boolean }

// Han runs that touch across segmenter words are one run again.
function pieces(text: string): Piece[][] {
  const groups: Piece[][] = []
  let group: Piece[] = []
  for (const segment of segmenter.segment(normalizeSearchText(text))) {
    if (!segment.isWordLike) {
      if (group.length > 0) groups.push(group)
      group = []
      continue
    }
    let end = 0
    for (const match of segment.segment.matchAll(PIECES)) {
      // Something not word-like inside the word (an apostrophe, a dot) breaks the group.
      if (match.index > end && group.length > 0) {
        groups.push(group)
        group = []
      }
      end = match.index + match[0].length
      const piece = { text: match[0], isHan: HAN.test(match[0]) }
      const last = group.at(-1)
      if (last?.isHan && piece.isHan) last.text += piece.text
      else group.push(piece)
    }
    if (end < segment.segment.length && group.length > 0) {
      groups.push(group)
      group = []
    }
  }
  if (group.length > 0) groups.push(group)
  return groups
}

function pairs(run: string): string[] {
  const chars = Array.from(run)
  return chars.slice(0, -1).map((char, i) => char + chars[i + 1])
}

// What search_document.title_terms/body_terms hold.
export function toIndexTerms(text: string): string {
  const terms: string[] = []
  for (const group of pieces(text)) {
    for (const piece of group) {
      if (piece.isHan)
        terms.push(...pairs(piece.text), Array.from(piece.text).at(-1)!)
      else terms.push(piece.text)
    }
  }
  return terms.join(' ')
}

export type QueryToken = { text: string; isPrefix: boolean }

export type QueryTerm = {
  groups: string[][]
  phrases: QueryToken[][]
}

// Each keyword is a full-text phrase and a title check.
const MAX_QUERY_TERMS = 8

function phraseOf(group: Piece[]): QueryToken[] {
  const tokens: QueryToken[] = []
  group.forEach((piece, i) => {
    const isLast = i === group.length - 1
    const chars = Array.from(piece.text)
    if (!piece.isHan) {
      // The last word may be cut short while typing (gb → gb50268); others are whole words.
      tokens.push({ text: piece.text, isPrefix: isLast })
    } else if (chars.length === 1) {
      // A lone character begins a pair (水 → 水库) or ends a run (治水).
      tokens.push({ text: piece.text, isPrefix: isLast })
    } else {
      for (const pair of pairs(piece.text))
        tokens.push({ text: pair, isPrefix: false })
      // Followed by a word of another script, the run ends here in the document too, and the
      // index has its last character next to that word.
      if (!isLast) tokens.push({ text: chars.at(-1)!, isPrefix: false })
    }
  })
  return tokens
}

// Syntax characters of SQL or FTS never reach a query: they are not word-like, so they only
// separate phrases.
export function parseSearchQuery(keyword: string): QueryTerm[] {
  const terms: QueryTerm[] = []
  const seen = new Set<string>()
  for (const part of keyword.split(/\s+/u)) {
    const groups = pieces(part)
    if (groups.length === 0) continue
    const key = groups.map((g) => g.map((p) => p.text).join('')).join(' ')
    if (seen.has(key)) continue
    seen.add(key)
    terms.push({
      groups: groups.map((g) => g.map((p) => p.text)),
      phrases: groups.map(phraseOf),
    })
    if (terms.length === MAX_QUERY_TERMS) break
  }
  return terms
}
