import type { FileRecord } from '#common/schemas/file-record.ts'

export function fileUrl(id: string, name: string): string {
  return `/files/${id}/${encodeURIComponent(name)}`
}

/** The spec §3 file record: type 0 for images, 1 for any other attachment. */
export function toFileRecord(file: {
  id: string
  name: string
  mime: string
  size: number | string
}): FileRecord {
  const url = fileUrl(file.id, file.name)
  return {
    id: file.id,
    name: file.name,
    url,
    fullurl: url,
    type: file.mime.startsWith('image/') ? 0 : 1,
    size: Number(file.size),
  }
}
