const KINDS: [RegExp, string][] = [
  [/pdf$/i, 'PDF'],
  [/wordprocessingml|msword|\.docx?$/i, 'Word'],
  [/spreadsheetml|ms-excel|\.xlsx?$/i, 'Excel'],
  [/zip$/i, 'ZIP'],
  [/gzip|\.gz$/i, 'GZ'],
  [/^image\//i, '图片'],
]

export function fileKind(mime: string, name: string): string {
  for (const [pattern, label] of KINDS)
    if (pattern.test(mime) || pattern.test(name)) return label
  return name.split('.').pop()?.toUpperCase() ?? '文件'
}

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
