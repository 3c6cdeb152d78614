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

// What a cut may leave at the text's end: a split entity or a space the whole would collapse.
const CUT_MARGIN = 16

/**
 * The first `length` characters of htmlToText(html), reading only as much of the HTML as they
 * need: a summary wants 120 characters and the search index 16,000 of a body that may be 190,000
 * long, whose whole conversion took 7–17 ms of the event loop. The HTML is read in doubling
 * prefixes, each cut before a tag it splits; one that holds a script or a style, whose end the
 * prefix may not reach, is converted whole.
 */
export function htmlToTextPrefix(html: string, length: number): string {
  if (/<(script|style)/i.test(html)) return htmlToText(html).slice(0, length)
  for (let end = (length + CUT_MARGIN) * 4; ; end *= 2) {
    if (end >= html.length) return htmlToText(html).slice(0, length)
    // A '<' the whole would take as a tag's start is dropped with the rest of the prefix.
    const head = html.slice(0, end)
    const text = htmlToText(
      html.includes('>', end) ? head.replace(/<[^>]*$/, '') : head,
    )
    if (text.length >= length + CUT_MARGIN) return text.slice(0, length)
  }
}
