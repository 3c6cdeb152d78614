import type { UploadFileType } from '#common/upload-file-types.ts'

export const UPLOAD_MIME: Record<UploadFileType, string> = {
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  png: 'image/png',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  gz: 'application/gzip',
}

const SNIFFED: Partial<Record<string, UploadFileType>> = {
  jpg: 'jpg',
  gif: 'gif',
  bmp: 'bmp',
  png: 'png',
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  zip: 'zip',
  gz: 'gz',
}

// Word and Excel 97-2003 are both OLE compound files (file-type says only "cfb"): the streams
// inside tell them apart ([MS-DOC] 2.1.1, [MS-XLS] 2.1.2; "Book" before Excel 97).
async function compoundFileType(
  bytes: Uint8Array,
): Promise<UploadFileType | null> {
  const { default: CFB } = await import('cfb')
  let names: string[]
  try {
    names = CFB.read(Buffer.from(bytes), { type: 'buffer' }).FileIndex.map(
      (entry) => entry.name,
    )
  } catch {
    return null
  }
  if (names.includes('WordDocument')) return 'doc'
  if (names.includes('Workbook') || names.includes('Book')) return 'xls'
  return null
}

// spec §5: checked by content, not only by name. Zip containers of other kinds (pptx, odt, jar,
// epub) are null.
export async function sniffUploadType(
  bytes: Uint8Array,
): Promise<UploadFileType | null> {
  // Loaded with the first upload, not with the server (about 15 MB with cfb).
  const { fileTypeFromBuffer } = await import('file-type')
  const detected = await fileTypeFromBuffer(bytes)
  if (!detected) return null
  if (detected.ext === 'cfb') return compoundFileType(bytes)
  return SNIFFED[detected.ext] ?? null
}

const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06])
const ZIP_DIRECTORY = Buffer.from([0x50, 0x4b, 0x01, 0x02])
// The end record is 22 bytes plus a comment of at most 65,535 (APPNOTE 4.3.16).
const ZIP_END_SEARCH = 22 + 65_535

// Zip readers find an archive from its end, so such a file opens as an archive too (a PDF+ZIP or
// GIF+JAR polyglot).
function endsWithZip(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const from = Math.max(0, buffer.length - ZIP_END_SEARCH)
  for (
    let at = buffer.lastIndexOf(ZIP_END);
    at >= from;
    at = at > 0 ? buffer.lastIndexOf(ZIP_END, at - 1) : -1
  ) {
    if (at + 22 > buffer.length) continue
    const directory = at - buffer.readUInt32LE(at + 12)
    if (
      directory >= 0 &&
      buffer.subarray(directory, directory + 4).equals(ZIP_DIRECTORY)
    )
      return true
  }
  return false
}

const PDF_HEADER = Buffer.from('%PDF-')

// A program that ignores the name would open a polyglot as the other kind. PDF readers look for
// their header in the first kilobyte (ISO 32000-2 annex H).
export function isPolyglot(bytes: Uint8Array, type: UploadFileType): boolean {
  const isZipContainer = type === 'zip' || type === 'docx' || type === 'xlsx'
  if (!isZipContainer && endsWithZip(bytes)) return true
  if (type === 'pdf' || type === 'gz' || isZipContainer) return false
  return Buffer.from(bytes.subarray(0, 1024)).includes(PDF_HEADER)
}
