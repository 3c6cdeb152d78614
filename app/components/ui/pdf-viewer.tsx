import {
  ColumnWidthOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons'
import { Alert, Button, Modal, Space, Spin } from 'antd'
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist'
import { useCallback, useEffect, useRef, useState } from 'react'

import type { FileRecord } from '#common/schemas/file-record.ts'

import { openPdf } from './pdf-loader.ts'
import styles from './pdf-viewer.module.css'

type Props = { file: FileRecord; onClose: () => void }

// 100 % is the printed size: pdf.js measures pages in points, 72 to the inch, CSS in 96.
const ACTUAL_SIZE = 96 / 72
const ZOOM_STEP = 1.25
const MIN_SCALE = 0.25 * ACTUAL_SIZE
const MAX_SCALE = 4 * ACTUAL_SIZE
// Phones refuse larger canvases; the page is then drawn less sharp, never blank.
const MAX_CANVAS_PIXELS = 16_000_000

/** The width the page may fill: the frame's, followed as the dialog or window resizes. */
function useFrameWidth() {
  const [width, setWidth] = useState(0)
  const ref = useCallback((node: HTMLDivElement | null) => {
    if (!node) return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width))
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [])
  return [width, ref] as const
}

/**
 * The in-page PDF viewer (spec §2, shared screen parts). The first page is drawn as soon as the
 * file is read, fitted to the width; the visitor can zoom, fit the width again and turn pages.
 */
export default function PdfViewer({ file, onClose }: Props) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null)
  const [pageNo, setPageNo] = useState(1)
  const [page, setPage] = useState<PDFPageProxy | null>(null)
  const [zoom, setZoom] = useState<'fit' | number>('fit')
  const [error, setError] = useState<string | null>(null)
  const [frameWidth, frameRef] = useFrameWidth()
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const url = file.fullurl ?? file.url

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

  const pageWidth = page?.getViewport({ scale: 1 }).width ?? 0
  const fitScale = pageWidth > 0 && frameWidth > 0 ? frameWidth / pageWidth : 0
  const scale = zoom === 'fit' ? fitScale : zoom

  useEffect(() => {
    const canvas = canvasRef.current
    if (!page || !canvas || scale <= 0) return
    const shown = page.getViewport({ scale })
    const sharpness = Math.min(
      window.devicePixelRatio || 1,
      Math.sqrt(MAX_CANVAS_PIXELS / (shown.width * shown.height)),
    )
    const viewport = page.getViewport({ scale: scale * sharpness })
    canvas.width = Math.floor(viewport.width)
    canvas.height = Math.floor(viewport.height)
    canvas.style.width = `${Math.floor(shown.width)}px`
    canvas.style.height = `${Math.floor(shown.height)}px`
    const task = page.render({ canvas, viewport })
    task.promise.catch(() => undefined)
    return () => task.cancel()
  }, [page, scale])

  const zoomTo = (next: number) =>
    setZoom(Math.min(MAX_SCALE, Math.max(MIN_SCALE, next)))
  const pageCount = doc?.numPages ?? 0
  const percent = Math.round((scale / ACTUAL_SIZE) * 100)
  return (
    <Modal
      open
      title={file.name}
      onCancel={onClose}
      width={960}
      rootClassName={styles.root}
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
      <div role="toolbar" aria-label="缩放" className={styles.toolbar}>
        <Button
          icon={<ZoomOutOutlined aria-hidden />}
          aria-label="缩小"
          title="缩小"
          disabled={!page || scale <= MIN_SCALE}
          onClick={() => zoomTo(scale / ZOOM_STEP)}
        />
        <span className={styles.percent} aria-live="polite">
          {page ? `${percent}%` : '-'}
        </span>
        <Button
          icon={<ZoomInOutlined aria-hidden />}
          aria-label="放大"
          title="放大"
          disabled={!page || scale >= MAX_SCALE}
          onClick={() => zoomTo(scale * ZOOM_STEP)}
        />
        <Button
          icon={<ColumnWidthOutlined aria-hidden />}
          aria-pressed={zoom === 'fit'}
          disabled={!page}
          onClick={() => setZoom('fit')}
        >
          适合宽度
        </Button>
      </div>
      {error ? <Alert type="error" title={error} showIcon /> : null}
      {!page && !error ? (
        <Spin description="文件加载中…">
          <div style={{ height: 200 }} />
        </Spin>
      ) : null}
      <div
        ref={frameRef}
        className={styles.frame}
        role="region"
        aria-label={`${file.name} 页面`}
        // A zoomed page scrolls here; the frame takes focus so the keyboard can scroll it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- WCAG 2.1.1
        tabIndex={0}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${file.name} 第 ${pageNo} 页`}
          data-testid="pdf-page"
          className={styles.page}
          style={{ display: page ? 'block' : 'none' }}
        />
      </div>
    </Modal>
  )
}
