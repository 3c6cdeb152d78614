/** The file types an upload may be restricted to (spec §5). */
export const UPLOAD_FILE_TYPES = [
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
export type UploadFileType = (typeof UPLOAD_FILE_TYPES)[number]

type TypeRule = {
  extensions: string[]
  mimeTypes: string[]
  /** Leading bytes a real file of the type starts with (any one of them). */
  signatures: number[][]
}

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
// docx and xlsx are zip containers; an empty zip starts with the end-of-directory record.
const ZIP = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
]

const RULES: Record<UploadFileType, TypeRule> = {
  jpg: {
    extensions: ['jpg', 'jpeg'],
    mimeTypes: ['image/jpeg', 'image/pjpeg'],
    signatures: [[0xff, 0xd8, 0xff]],
  },
  gif: {
    extensions: ['gif'],
    mimeTypes: ['image/gif'],
    signatures: [[0x47, 0x49, 0x46, 0x38]],
  },
  bmp: {
    extensions: ['bmp'],
    mimeTypes: ['image/bmp', 'image/x-ms-bmp', 'image/x-bmp'],
    signatures: [[0x42, 0x4d]],
  },
  png: {
    extensions: ['png'],
    mimeTypes: ['image/png'],
    signatures: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  },
  pdf: {
    extensions: ['pdf'],
    mimeTypes: ['application/pdf'],
    signatures: [[0x25, 0x50, 0x44, 0x46, 0x2d]],
  },
  doc: {
    extensions: ['doc'],
    mimeTypes: ['application/msword'],
    signatures: [OLE],
  },
  docx: {
    extensions: ['docx'],
    mimeTypes: [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    signatures: ZIP,
  },
  zip: {
    extensions: ['zip'],
    mimeTypes: ['application/zip', 'application/x-zip-compressed'],
    signatures: ZIP,
  },
  xlsx: {
    extensions: ['xlsx'],
    mimeTypes: [
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    signatures: ZIP,
  },
  xls: {
    extensions: ['xls'],
    mimeTypes: ['application/vnd.ms-excel'],
    signatures: [OLE],
  },
  gz: {
    extensions: ['gz'],
    mimeTypes: ['application/gzip', 'application/x-gzip'],
    signatures: [[0x1f, 0x8b]],
  },
}

// Browsers report these when they do not know a type; they say nothing against the file.
const UNKNOWN_MIME_TYPES = new Set(['', 'application/octet-stream'])

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

export function uploadTypeOfName(name: string): UploadFileType | null {
  const extension = fileExtension(name)
  if (extension === '') return null
  return (
    UPLOAD_FILE_TYPES.find((type) =>
      RULES[type].extensions.includes(extension),
    ) ?? null
  )
}

export const FILE_SIGNATURE_LENGTH = 8

/** Also by its first bytes: a renamed file is refused. */
export function matchesFileType(
  file: { name: string; type?: string; head: Uint8Array },
  allowed: readonly UploadFileType[],
): boolean {
  const extension = fileExtension(file.name)
  const rule = allowed
    .map((type) => RULES[type])
    .find((candidate) => candidate.extensions.includes(extension))
  if (!rule) return false
  const mime = (file.type ?? '').toLowerCase()
  if (!UNKNOWN_MIME_TYPES.has(mime) && !rule.mimeTypes.includes(mime))
    return false
  return rule.signatures.some((signature) =>
    signature.every((byte, index) => file.head[index] === byte),
  )
}

export function acceptAttribute(allowed: readonly UploadFileType[]): string {
  return allowed
    .flatMap((type) => RULES[type].extensions.map((ext) => `.${ext}`))
    .join(',')
}
