import { Alert, Button, Modal, Space, Spin } from 'antd'
import { useState } from 'react'

import type { FileRecord } from '#common/schemas/file-record.ts'

import { PdfZoomToolbar } from './pdf-zoom-toolbar.tsx'
import styles from './pdf-viewer.module.css'
import { useFrameWidth } from './use-frame-width.ts'
import { usePageCanvas } from './use-page-canvas.ts'
import { usePdfPages } from './use-pdf-pages.ts'

type Props = { file: FileRecord; onClose: () => void }

export default function PdfViewer({ file, onClose }: Props) {
  const url = file.fullurl ?? file.url
  const { doc, pageNo, setPageNo, page, error } = usePdfPages(url)
  const [zoom, setZoom] = useState<'fit' | number>('fit')
  const [frameWidth, frameRef] = useFrameWidth()

  const pageWidth = page?.getViewport({ scale: 1 }).width ?? 0
  const fitScale = pageWidth > 0 && frameWidth > 0 ? frameWidth / pageWidth : 0
  const scale = zoom === 'fit' ? fitScale : zoom
  const canvasRef = usePageCanvas(page, scale)

  const pageCount = doc?.numPages ?? 0
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
      <PdfZoomToolbar
        isReady={Boolean(page)}
        scale={scale}
        isFit={zoom === 'fit'}
        onZoom={setZoom}
        onFit={() => setZoom('fit')}
      />
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
