const segmenter = new Intl.Segmenter('zh', { granularity: 'word' })

/**
 * Words of a text cut by Intl.Segmenter and joined by single spaces: what the search_text
 * column holds, so a keyword search (LIKE now, FTS5 / tsvector later) sees word boundaries
 * in Chinese, which has no spaces of its own. Latin letters are lower-cased.
 */
export function toSearchWords(text: string): string {
  const words: string[] = []
  for (const part of segmenter.segment(text.toLowerCase())) {
    if (part.isWordLike) words.push(part.segment)
  }
  return words.join(' ')
}

/** Text of an HTML fragment: tags dropped, the common entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}
