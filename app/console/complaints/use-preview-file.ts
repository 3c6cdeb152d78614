import { useEffect, useRef, useState } from 'react'

import type { ShownFile } from './file-preview.tsx'

export function usePreviewFile() {
  const [file, setFile] = useState<ShownFile | null>(null)
  const url = useRef<string | null>(null)
  const release = () => {
    const old = url.current
    if (!old) return
    url.current = null
    URL.revokeObjectURL(old)
    void import('#app/components/ui/pdf-loader.ts').then(({ releasePdf }) =>
      releasePdf(old),
    )
  }
  useEffect(() => release, [])
  async function show(pdf: Blob) {
    release()
    const next = URL.createObjectURL(pdf)
    url.current = next
    const { holdPdf } = await import('#app/components/ui/pdf-loader.ts')
    holdPdf(next, await pdf.arrayBuffer())
    setFile({ name: '处理决定书（草稿）.pdf', url: next })
  }
  return { file, show, close: () => setFile(null) }
}
