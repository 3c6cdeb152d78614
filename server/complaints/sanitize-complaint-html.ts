import sanitizeHtml from 'sanitize-html'

import { EDITOR_FONT_SIZES } from '#common/constants/ui.ts'
import { EMPHASIS_TAGS, NON_TEXT_TAGS } from '#server/shared/html-sanitizing.ts'

// What the complaint editor may keep: text structure and emphasis, tables, images that the
// editor uploaded to this site, and the font sizes its menu offers. No links, no other styles,
// no scripts: the text is evidence that the department reads and prints, not a page.
const fontSize = new RegExp(`^(?:${EDITOR_FONT_SIZES.join('|')})$`)
const sized = ['p', 'div', 'span', 'li', 'td', 'th', 'h3', 'h4']

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'div',
    'blockquote',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    ...EMPHASIS_TAGS,
    'h3',
    'h4',
    'img',
  ],
  allowedAttributes: {
    ...Object.fromEntries(sized.map((tag) => [tag, ['style']])),
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'style'],
    td: ['colspan', 'rowspan', 'style'],
  },
  // Every other declaration is dropped, and a style left empty with it.
  allowedStyles: { '*': { 'font-size': [fontSize] } },
  allowedSchemes: [],
  allowProtocolRelative: false,
  nonTextTags: NON_TEXT_TAGS,
  // Only images stored by this portal (/files/…): an outside image would report each reader.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    !/^\/files\/[A-Za-z0-9_-]+\//.test(frame.attribs.src ?? ''),
}

export function sanitizeComplaintHtml(html: string): string {
  return sanitizeHtml(html, options).trim()
}

export function complaintHtmlToText(html: string): string {
  return sanitizeHtml(
    html.replace(/<\/(p|div|li|tr|h3|h4)>|<br\s*\/?>/gi, '$&\n'),
    {
      allowedTags: [],
      allowedAttributes: {},
    },
  )
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
