import CFB from 'cfb'
import { fileTypeFromBuffer } from 'file-type'

import { type UploadFileType } from '#common/upload-file-types.ts'

/** The media type each allowed type is stored and served with. */
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

/**
 * Word 97-2003 and Excel 97-2003 files are both OLE compound files (file-type says only
 * "cfb"): the streams inside tell them apart — "WordDocument" for Word ([MS-DOC] 2.1.1),
 * "Workbook" (or "Book" before Excel 97) for Excel ([MS-XLS] 2.1.2).
 */
function compoundFileType(bytes: Uint8Array): UploadFileType | null {
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

/**
 * The allowed type the bytes really are (spec §5: checked by content, not only by name), or
 * null for anything else — including zip containers of other kinds (pptx, odt, jar, epub):
 * file-type reads the entries of a zip to name Word and Excel documents apart from plain zips.
 */
export async function sniffUploadType(
  bytes: Uint8Array,
): Promise<UploadFileType | null> {
  const detected = await fileTypeFromBuffer(bytes)
  if (!detected) return null
  if (detected.ext === 'cfb') return compoundFileType(bytes)
  return SNIFFED[detected.ext] ?? null
}
