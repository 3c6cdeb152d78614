import {
  MSG_BAD_FILE_FORMAT,
  MSG_EMPTY_FILE,
  MSG_PDF_ACTIVE_CONTENT,
  MSG_PDF_UNCHECKABLE,
  MSG_UPLOAD_BAD_NAME,
} from '#common/messages.ts'
import {
  UPLOAD_FILE_TYPES,
  uploadTypeOfName,
  type UploadFileType,
} from '#common/upload-file-types.ts'
import {
  isPolyglot,
  sniffUploadType,
  UPLOAD_MIME,
} from './upload-content-type.ts'
import type { ReceivedFile } from './upload-reader.ts'

type UploadCheck =
  | { ok: true; name: string; type: UploadFileType; mime: string }
  | { ok: false; msg: string }

export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? ''
  const cleaned = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .trim()
  const chars = Array.from(cleaned)
  if (chars.length <= 100) return cleaned
  const dot = cleaned.lastIndexOf('.')
  const extension = dot > 0 ? Array.from(cleaned.slice(dot)) : []
  return chars.slice(0, 100 - extension.length).join('') + extension.join('')
}

// null when nothing allowed is left: the request is wrong.
export function narrowTypes(
  allowed: readonly UploadFileType[],
  accept: string | undefined,
): readonly UploadFileType[] | null {
  if (!accept) return allowed
  const wanted = accept
    .split(',')
    .map((item) => uploadTypeOfName(`.${item.trim().replace(/^\./, '')}`))
  const types = allowed.filter((type) => wanted.includes(type))
  return types.length > 0 ? types : null
}

// spec §5, in the spec's order. The stored type comes from the content, never from the browser.
export async function checkUpload(
  file: ReceivedFile,
  types: readonly UploadFileType[] = UPLOAD_FILE_TYPES,
): Promise<UploadCheck> {
  if (file.bytes.byteLength === 0) return { ok: false, msg: MSG_EMPTY_FILE }
  const name = cleanFileName(file.name)
  if (name === '' || name.startsWith('.'))
    return { ok: false, msg: MSG_UPLOAD_BAD_NAME }
  const named = uploadTypeOfName(name)
  if (!named || !types.includes(named))
    return { ok: false, msg: MSG_BAD_FILE_FORMAT }
  const sniffed = await sniffUploadType(file.bytes)
  if (sniffed !== named || isPolyglot(file.bytes, named))
    return { ok: false, msg: MSG_BAD_FILE_FORMAT }
  if (named === 'pdf') {
    // pdf.js's parser comes with the first PDF, not with the server.
    const { findPdfActiveContent } = await import('./pdf-active-content.ts')
    const finding = await findPdfActiveContent(file.bytes)
    if (finding)
      return {
        ok: false,
        msg:
          finding.kind === 'active'
            ? MSG_PDF_ACTIVE_CONTENT
            : MSG_PDF_UNCHECKABLE,
      }
  }
  return { ok: true, name, type: named, mime: UPLOAD_MIME[named] }
}
