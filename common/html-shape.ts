import type { z } from 'zod'

// Parsing HTML costs more than its length: 66,000 unclosed <b> (198 KB) held a sanitizer for
// seconds, as the parser searched an ever deeper stack of open elements. This scan is one linear
// pass over the tags, cheap enough to refuse such a body at the edge before anything parses it.

/** Deeper than any document an editor produces: tables in lists in quotes stay below 30. */
const HTML_MAX_DEPTH = 100

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
])

const LT = 60 // <
const GT = 62 // >
const SLASH = 47 // /

const isNameCode = (code: number) =>
  (code >= 97 && code <= 122) || // a-z
  (code >= 65 && code <= 90) || // A-Z
  (code >= 48 && code <= 57) || // 0-9
  code === 45 // -

/**
 * Why the HTML is too complex to take, in the words of the field's label, or null. Each character
 * is looked at once (a run of "<" without ">" is not rescanned from each one), and the scan stops
 * at the first limit passed, so a hostile body costs no more than an acceptable one.
 */
export function htmlShapeProblem(
  html: string,
  label: string,
  maxElements: number,
): string | null {
  let elements = 0
  let open = 0
  let at = html.indexOf('<')
  while (at !== -1) {
    const closing = html.charCodeAt(at + 1) === SLASH
    const nameStart = at + (closing ? 2 : 1)
    const first = html.charCodeAt(nameStart) | 0x20
    let end = nameStart
    if (first >= 97 && first <= 122) {
      while (isNameCode(html.charCodeAt(end))) end++
      const name = html.slice(nameStart, end).toLowerCase()
      let close = end
      while (close < html.length) {
        const code = html.charCodeAt(close)
        if (code === GT || code === LT) break
        close++
      }
      if (html.charCodeAt(close) === GT) {
        if (closing) open = Math.max(0, open - 1)
        else {
          if (++elements > maxElements)
            return `${label}的格式元素过多（超过${maxElements}个），请简化格式或拆分后提交`
          const selfClosing = html.charCodeAt(close - 1) === SLASH
          if (
            !selfClosing &&
            !VOID_ELEMENTS.has(name) &&
            ++open > HTML_MAX_DEPTH
          )
            return `${label}的格式嵌套过深（超过${HTML_MAX_DEPTH}层），请清除格式后重新粘贴或输入`
        }
      }
      end = close
    }
    at = html.indexOf('<', Math.max(end, at + 1))
  }
  return null
}

/** A zod check refusing HTML too deep or too large to parse; `label` names the field, e.g. 正文. */
export const withBoundedShape =
  (label: string, maxElements: number) =>
  (html: string, context: z.RefinementCtx) => {
    const problem = htmlShapeProblem(html, label, maxElements)
    if (problem) context.addIssue({ code: 'custom', message: problem })
  }
