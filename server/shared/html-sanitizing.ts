/** Inline emphasis every rich text on the portal may keep. */
export const EMPHASIS_TAGS = [
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'span',
]

/**
 * Tags dropped with their content, not just their tags: a script's or a style block's text
 * left behind would show as words on the page.
 */
export const NON_TEXT_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
]
