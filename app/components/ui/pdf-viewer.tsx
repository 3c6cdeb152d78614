import { Alert, Button, Modal, Space, Spin } from 'antd'
import type { PDFDocumentProxy } from 'pdfjs-dist'
import { useEffect, useRef, useState } from 'react'

import type { FileRecord } from '#common/schemas/file-record.ts'

type Props = { file: FileRecord; onClose: () => void }

async function openDocument(url: string) {
  const pdfjs = await import('pdfjs-dist')
  const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url')
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default
  return pdfjs.getDocument({ url, isEvalSupported: false }).promise
}

/** The in-page PDF viewer (spec §2, shared screen parts), drawn by pdf.js page by page. */
export default function PdfViewer({ file, onClose }: Props) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null)
  const [pageNo, setPageNo] = useState(1)
  const [error, setError] = useState<string | null>(null)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const url = file.fullurl ?? file.url

  useEffect(() => {
    let isCurrent = true
    let opened: PDFDocumentProxy | null = null
    openDocument(url)
      .then((pdf) => {
        opened = pdf
        if (isCurrent) setDoc(pdf)
      })
      .catch(() => isCurrent && setError('文件加载失败，请下载后查看'))
    return () => {
      isCurrent = false
      void opened?.destroy()
    }
  }, [url])

  useEffect(() => {
    const canvas = canvasRef.current
    if (!doc || !canvas) return
    let task: { cancel(): void; promise: Promise<void> } | null = null
    doc.getPage(pageNo).then((page) => {
      const viewport = page.getViewport({ scale: 1.4 })
      canvas.width = viewport.width
      canvas.height = viewport.height
      task = page.render({ canvas, viewport })
      task.promise.catch(() => undefined)
    })
    return () => task?.cancel()
  }, [doc, pageNo])

  const pageCount = doc?.numPages ?? 0
  return (
    <Modal
      open
      title={file.name}
      onCancel={onClose}
      width={960}
      footer={
        <Space wrap>
          <Button
            onClick={() => setPageNo((n) => n - 1)}
            disabled={pageNo <= 1}
          >
            上一页
          </Button>
          <span aria-live="polite">
            第 {pageNo} / {pageCount || '-'} 页
          </span>
          <Button
            onClick={() => setPageNo((n) => n + 1)}
            disabled={pageNo >= pageCount}
          >
            下一页
          </Button>
          <Button href={url} download={file.name}>
            下载
          </Button>
          <Button type="primary" onClick={onClose}>
            关闭
          </Button>
        </Space>
      }
    >
      {error ? <Alert type="error" title={error} showIcon /> : null}
      {!doc && !error ? (
        <Spin description="文件加载中…">
          <div style={{ height: 200 }} />
        </Spin>
      ) : null}
      <div style={{ overflow: 'auto', maxHeight: '70vh', textAlign: 'center' }}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${file.name} 第 ${pageNo} 页`}
          data-testid="pdf-page"
          style={{ maxWidth: '100%', display: doc ? 'inline-block' : 'none' }}
        />
      </div>
    </Modal>
  )
}
