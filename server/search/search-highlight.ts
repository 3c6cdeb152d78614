import type { QueryTerm } from './search-terms.ts'

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)
const escapeRegExp = (text: string) =>
  text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

type Range = [start: number, end: number]

function keywordPatterns(terms: QueryTerm[]): RegExp[] {
  return terms
    .flatMap((term) => term.groups)
    .map((group) => {
      // Pieces of one keyword may stand apart by punctuation or spaces in the text (GB/T, GB T).
      let source = group.map(escapeRegExp).join('[^\\p{L}\\p{N}]*')
      // A word of another script starts at a word boundary, as it is matched in the index.
      if (!/^\p{Script=Han}/u.test(group[0]!))
        source = `(?<![\\p{L}\\p{N}])${source}`
      return new RegExp(source, 'giu')
    })
}

function matchRanges(text: string, patterns: RegExp[]): Range[] {
  const ranges: Range[] = []
  for (const pattern of patterns)
    for (const match of text.matchAll(pattern))
      if (match[0].length > 0)
        ranges.push([match.index, match.index + match[0].length])
  ranges.sort((a, b) => a[0] - b[0])
  const merged: Range[] = []
  for (const range of ranges) {
    const last = merged.at(-1)
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1])
    else merged.push([...range])
  }
  return merged
}

function firstMatchAt(text: string, patterns: RegExp[]): number {
  let first = -1
  for (const pattern of patterns) {
    const at = text.search(pattern)
    if (at >= 0 && (first < 0 || at < first)) first = at
  }
  return first
}

// Escaped first: stored text is never trusted as HTML, so the only tags are ours.
function mark(text: string, ranges: Range[], from = 0, to = text.length) {
  let html = ''
  let at = from
  for (const [start, end] of ranges) {
    if (end <= from || start >= to) continue
    const s = Math.max(start, from)
    const e = Math.min(end, to)
    html += `${escapeHtml(text.slice(at, s))}<mark>${escapeHtml(text.slice(s, e))}</mark>`
    at = e
  }
  return html + escapeHtml(text.slice(at, to))
}

export function highlightTitle(title: string, terms: QueryTerm[]): string {
  return mark(title, matchRanges(title, keywordPatterns(terms)))
}

const SNIPPET_LENGTH = 120
const SNIPPET_LEAD = 30
const SNIPPET_MARGIN = 60

// Only the stretch is searched for every keyword: a body may hold 16,000 characters and a
// common keyword thousands of times.
export function snippetOf(body: string, terms: QueryTerm[]): string {
  const patterns = keywordPatterns(terms)
  let from = Math.max(0, firstMatchAt(body, patterns) - SNIPPET_LEAD)
  const to = Math.min(body.length, from + SNIPPET_LENGTH)
  from = Math.max(0, Math.min(from, to - SNIPPET_LENGTH))
  // Never cut a character outside the basic plane in half.
  if (/[\uDC00-\uDFFF]/.test(body[from] ?? '')) from++
  const end = /[\uD800-\uDBFF]/.test(body[to - 1] ?? '') ? to - 1 : to
  const searched = Math.max(0, from - SNIPPET_MARGIN)
  const ranges = matchRanges(
    body.slice(searched, end + SNIPPET_MARGIN),
    patterns,
  ).map(([start, stop]): Range => [start + searched, stop + searched])
  return `${from > 0 ? '…' : ''}${mark(body, ranges, from, end)}${end < body.length ? '…' : ''}`
}
