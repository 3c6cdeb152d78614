const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
}

/**
 * Text typed in a plain field, as the HTML of the same characters, a paragraph a line: read as
 * HTML itself, "a<b" would lose "<b" and its line breaks would fold into one line.
 */
export function plainTextToHtml(text: string): string {
  if (text === '') return ''
  return text
    .split('\n')
    .map((line) => {
      const escaped = line.replace(
        /[&<>"]/g,
        (character) => ESCAPES[character]!,
      )
      return `<p>${escaped === '' ? '&nbsp;' : escaped}</p>`
    })
    .join('')
}
