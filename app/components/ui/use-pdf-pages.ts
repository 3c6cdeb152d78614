import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist'
import { useEffect, useState } from 'react'

import { openPdf } from './pdf-loader.ts'

export function usePdfPages(url: string) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null)
  const [pageNo, setPageNo] = useState(1)
  const [page, setPage] = useState<PDFPageProxy | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let isCurrent = true
    let opened: { destroy(): Promise<void> } | null = null
    openPdf(url)
      .then((task) => {
        opened = task
        return task.promise
      })
      // The first page is asked for with the document, so both arrive in one render.
      .then((pdf) => Promise.all([pdf, pdf.getPage(1)]))
      .then(([pdf, first]) => {
        if (!isCurrent) return
        setDoc(pdf)
        setPage(first)
      })
      .catch(() => isCurrent && setError('文件加载失败，请下载后查看'))
    return () => {
      isCurrent = false
      void opened?.destroy()
    }
  }, [url])

  useEffect(() => {
    if (!doc) return
    let isCurrent = true
    void doc.getPage(pageNo).then((next) => isCurrent && setPage(next))
    return () => {
      isCurrent = false
    }
  }, [doc, pageNo])

  return { doc, pageNo, setPageNo, page, error }
}
