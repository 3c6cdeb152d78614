import { bodyImageFileIds } from '#server/articles/article-writer.ts'
import { htmlToText } from '#server/search/search-text.ts'

import type { ReadableField } from './kind-definition.ts'

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

const IMAGE_NAME = /\.(png|jpe?g|gif|bmp|webp)$/i

/** A field of files (a cover, attachments), by name, each file marked on its own in the compare. */
export function filesReadable(
  field: string,
  label: string,
  fileIds: string[],
  fileName: (id: string) => string,
  isImage = (name: string) => IMAGE_NAME.test(name),
): ReadableField {
  const files = fileIds.map((fileId) => {
    const name = fileName(fileId)
    return { fileId, name, isImage: isImage(name) }
  })
  return { field, label, text: files.map((f) => f.name).join('\n'), files }
}

/** The pictures of a body, which its words leave out. */
export const bodyImagesReadable = (
  html: string,
  fileName: (id: string) => string,
): ReadableField =>
  filesReadable(
    'contentImages',
    '正文图片',
    bodyImageFileIds(html),
    fileName,
    () => true,
  )
