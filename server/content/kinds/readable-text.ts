import { htmlToText } from '#server/search/search-text.ts'

// Where a block of the body ends: each becomes a line of the readable text.
const BLOCK_END =
  /<\/(p|div|h[1-6]|li|tr|blockquote|caption|table|ul|ol)\s*>|<br\s*\/?>|<hr\s*\/?>/gi

// The difference between two revisions is taken over this, so it shows words, not markup.
export function htmlToParagraphs(html: string): string {
  return html
    .replace(BLOCK_END, '\n')
    .split('\n')
    .map((line) => htmlToText(line))
    .filter((line) => line !== '')
    .join('\n')
}
