import type { z } from 'zod'

// Parsing HTML costs more than its length: 66,000 unclosed <b> (198 KB) held a sanitizer for
// seconds, as the parser searched an ever deeper stack of open elements. This scan is one linear
// pass over the tags, cheap enough to refuse such a body at the edge before anything parses it.

/** Deeper than any document an editor produces: tables in lists in quotes stay below 30. */
export const HTML_MAX_DEPTH = 100

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

// `[^<>]` and not `[^>]`: a run of "<" without ">" must not be rescanned from each one.
const TAG = /<(\/?)([a-z][a-z0-9-]*)[^<>]*?(\/?)>/gi

/**
 * Why the HTML is too complex to take, in the words of the field's label, or null. The scan stops
 * at the first limit passed, so a hostile body costs no more than an acceptable one.
 */
export function htmlShapeProblem(
  html: string,
  label: string,
  maxElements: number,
): string | null {
  let elements = 0
  let open = 0
  for (const [, closing, name, selfClosing] of html.matchAll(TAG)) {
    if (closing) {
      open = Math.max(0, open - 1)
      continue
    }
    if (++elements > maxElements)
      return `${label}的格式元素过多（超过${maxElements}个），请简化格式或拆分后提交`
    if (selfClosing || VOID_ELEMENTS.has(name!.toLowerCase())) continue
    if (++open > HTML_MAX_DEPTH)
      return `${label}的格式嵌套过深（超过${HTML_MAX_DEPTH}层），请清除格式后重新粘贴或输入`
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
