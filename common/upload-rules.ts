// spec §5 leaves sizes open.
import type { UploadFileType } from './upload-file-types.ts'

/** What the rich-text editor may upload. */
export const IMAGE_UPLOAD_TYPES = [
  'jpg',
  'gif',
  'bmp',
  'png',
] as const satisfies readonly UploadFileType[]

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024
export const MAX_EDITOR_IMAGE_BYTES = 5 * 1024 * 1024

export function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10}MB`
}
