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

// Dropped with their content: a script's or a style block's text would show as words on the page.
export const NON_TEXT_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
]
