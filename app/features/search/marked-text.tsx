import { MARKED_TEXT_PATTERN } from '#common/constants/search.ts'

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}
const decode = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!)

// As React elements, never as HTML: text without that exact form is shown without highlights.
export function MarkedText({
  html,
  fallback,
}: {
  html: string
  fallback: string
}) {
  if (!MARKED_TEXT_PATTERN.test(html)) return <>{fallback}</>
  let isMarked = false
  const parts: { text: string; isMarked: boolean }[] = []
  for (const token of html.split(/(<mark>|<\/mark>)/)) {
    if (token === '<mark>') isMarked = true
    else if (token === '</mark>') isMarked = false
    else if (token) parts.push({ text: decode(token), isMarked })
  }
  return (
    <>
      {parts.map((part, i) =>
        part.isMarked ? (
          <mark key={i}>{part.text}</mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  )
}
