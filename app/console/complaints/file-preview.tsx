import { FileOutlined, FilePdfOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { lazy, type ReactNode, Suspense } from 'react'

import { ChunkErrorBoundary } from '#app/components/ui/chunk-error-boundary.tsx'
import { ChunkFailedAlert } from '#app/components/ui/chunk-failed-alert.tsx'

import styles from './workbench.module.css'

// pdf.js is large and browser-only: it loads when someone first opens a PDF.
const PdfViewer = lazy(() => import('#app/components/ui/pdf-viewer.tsx'))

export type ShownFile = { name: string; url: string }

const isPdf = (file: ShownFile) => /\.pdf$/i.test(file.name)

// Loading starts as the pointer goes down; a page that opens no preview never loads pdf.js.
function prepare(url: string) {
  import('#app/components/ui/pdf-loader.ts')
    .then(({ preparePdf }) => preparePdf(url))
    // The viewer, opening, loads again and explains a failure.
    .catch(() => undefined)
}

export function FilePreview({
  file,
  onClose,
}: {
  file: ShownFile
  onClose: () => void
}) {
  return (
    <ChunkErrorBoundary
      fallback={
        <ChunkFailedAlert text="在线预览暂时无法加载，请刷新页面后重试，或下载文件查看。" />
      }
    >
      <Suspense fallback={null}>
        <PdfViewer
          file={{ id: file.url, name: file.name, url: file.url, type: 1 }}
          onClose={onClose}
        />
      </Suspense>
    </ChunkErrorBoundary>
  )
}

export function FileLinks({
  files,
  onOpen,
  emptyText = '无',
  extra,
}: {
  files: ShownFile[]
  onOpen: (file: ShownFile) => void
  emptyText?: string
  extra?: (file: ShownFile) => ReactNode
}) {
  if (files.length === 0) return <p className={styles.meta}>{emptyText}</p>
  return (
    <ul className={styles.fileList}>
      {files.map((file) => (
        <li key={file.url}>
          {isPdf(file) ? (
            <Button
              type="link"
              icon={<FilePdfOutlined aria-hidden />}
              onPointerDown={() => prepare(file.url)}
              onClick={() => {
                prepare(file.url)
                onOpen(file)
              }}
              aria-label={`在线预览 ${file.name}`}
            >
              {file.name}
            </Button>
          ) : (
            <span>
              <FileOutlined aria-hidden /> {file.name}
            </span>
          )}
          <a
            href={file.url}
            download={file.name}
            aria-label={`下载 ${file.name}`}
          >
            下载
          </a>
          {extra?.(file)}
        </li>
      ))}
    </ul>
  )
}
