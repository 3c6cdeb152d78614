const TABLE_TAG = /<(\/?)table\b[^>]*>/gi
const CAPTION = /<caption\b[^>]*>([\s\S]*?)<\/caption>/i

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

const captionOf = (table: string) =>
  CAPTION.exec(table)?.[1]
    ?.replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()

// A wide table scrolls sideways by touch or keyboard instead of being squeezed until numbers
// break (WCAG 1.4.10 allows two-dimensional scrolling for data tables).
export function wrapTables(html: string): string {
  let depth = 0
  let start = -1
  let count = 0
  let out = ''
  let last = 0
  for (const match of html.matchAll(TABLE_TAG)) {
    const isClosing = match[1] === '/'
    if (!isClosing) {
      if (depth === 0) start = match.index
      depth += 1
      continue
    }
    if (depth === 0) continue
    depth -= 1
    if (depth > 0) continue
    const end = match.index + match[0].length
    const table = html.slice(start, end)
    count += 1
    const name = captionOf(table) || `表格${count}`
    out += `${html.slice(last, start)}<div class="portal-table-scroll" role="region" tabindex="0" aria-label="${escapeAttribute(name)}">${table}</div>`
    last = end
  }
  return out + html.slice(last)
}

const HEADING_TAG = /<h([1-6])\b/gi

// WCAG 1.3.1: a stored article often starts at h3. Only `aria-level` is added, so the text looks
// as it was written.
export function nestHeadings(html: string): string {
  const levels = [
    ...new Set([...html.matchAll(HEADING_TAG)].map((m) => Number(m[1]))),
  ].sort((a, b) => a - b)
  return html.replace(HEADING_TAG, (tag, written: string) => {
    const level = Math.min(6, 2 + levels.indexOf(Number(written)))
    return level === Number(written) ? tag : `${tag} aria-level="${level}"`
  })
}

type Props = { html: string; className?: string }

export function RichText({ html, className }: Props) {
  return (
    <div
      className={
        className ? `portal-rich-text ${className}` : 'portal-rich-text'
      }
      dangerouslySetInnerHTML={{ __html: nestHeadings(wrapTables(html)) }}
    />
  )
}
