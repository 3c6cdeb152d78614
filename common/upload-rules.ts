/**
 * Upload rules of spec §5 shared by the upload component and the server: the allowed types,
 * the size limits, and the per-request file count.
 */

/** The allowed types of spec §5, by the extension a file of that type carries. */
export const UPLOAD_TYPES = [
  'jpg',
  'gif',
  'bmp',
  'png',
  'pdf',
  'doc',
  'docx',
  'zip',
  'xlsx',
  'xls',
  'gz',
] as const
export type UploadType = (typeof UPLOAD_TYPES)[number]

export const IMAGE_UPLOAD_TYPES = [
  'jpg',
  'gif',
  'bmp',
  'png',
] as const satisfies readonly UploadType[]

/** Other spellings of an allowed extension. */
export const UPLOAD_EXTENSION_ALIASES: Record<string, UploadType> = {
  jpeg: 'jpg',
}

/** The largest file any upload endpoint accepts. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024
/** The largest image the rich-text editor accepts. */
export const MAX_EDITOR_IMAGE_BYTES = 5 * 1024 * 1024

/** The type an extension names, or null when it is not one of the allowed types. */
export function uploadTypeOfName(name: string): UploadType | null {
  const dot = name.lastIndexOf('.')
  if (dot < 0) return null
  const extension = name.slice(dot + 1).toLowerCase()
  const type = UPLOAD_EXTENSION_ALIASES[extension] ?? extension
  return (UPLOAD_TYPES as readonly string[]).includes(type)
    ? (type as UploadType)
    : null
}

/** "20MB" for messages. */
export function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10}MB`
}
