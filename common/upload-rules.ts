/**
 * Limits of the server's upload endpoints (spec §5 leaves sizes open). The types themselves are
 * those of common/upload-file-types.ts.
 */
import type { UploadFileType } from './upload-file-types.ts'

/** What the rich-text editor may upload. */
export const IMAGE_UPLOAD_TYPES = [
  'jpg',
  'gif',
  'bmp',
  'png',
] as const satisfies readonly UploadFileType[]

/** The largest file any upload endpoint accepts. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024
/** The largest image the rich-text editor accepts. */
export const MAX_EDITOR_IMAGE_BYTES = 5 * 1024 * 1024

/** "20MB" for messages. */
export function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10}MB`
}
