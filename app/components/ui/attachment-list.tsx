import { FileOutlined, FilePdfOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { lazy, Suspense, useState } from 'react'

import { normalizeFileRecord } from '#common/normalize.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'

import styles from './attachment-list.module.css'
import { ChunkErrorBoundary } from './chunk-error-boundary.tsx'
import { ChunkFailedAlert } from './chunk-failed-alert.tsx'
import { preparePdf } from './pdf-loader.ts'

// pdf.js is large and browser-only: it loads when a visitor first opens a PDF.
const PdfViewer = lazy(() => import('./pdf-viewer.tsx'))

const isPdf = (file: FileRecord) => /\.pdf$/i.test(file.name)

export function AttachmentList({ files }: { files: FileRecord[] }) {
  const [openFile, setOpenFile] = useState<FileRecord | null>(null)
  const attachments = files.map(normalizeFileRecord)
  if (attachments.length === 0) return null
  return (
    <section aria-labelledby="attachments-title" className="portal-attachments">
      <h2 id="attachments-title" className={styles.title}>
        附件（{attachments.length}）
      </h2>
      <ul className={styles.list}>
        {attachments.map((file) => (
          <li key={file.id}>
            {isPdf(file) ? (
              <Button
                type="link"
                icon={<FilePdfOutlined />}
                // pdf.js, its worker and the file start loading together with the viewer.
                onPointerDown={() => preparePdf(file.fullurl)}
                onClick={() => {
                  preparePdf(file.fullurl)
                  setOpenFile(file)
                }}
                aria-label={`在线预览 ${file.name}`}
              >
                {file.name}
              </Button>
            ) : (
              <Button
                type="link"
                icon={<FileOutlined />}
                href={file.fullurl}
                download={file.name}
              >
                {file.name}
              </Button>
            )}
            {isPdf(file) ? (
              <a
                href={file.fullurl}
                download={file.name}
                className={styles.download}
              >
                下载
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      {openFile ? (
        <ChunkErrorBoundary
          fallback={
            <ChunkFailedAlert text="在线预览暂时无法加载，请刷新页面后重试，或直接下载附件查看。" />
          }
        >
          <Suspense fallback={null}>
            <PdfViewer file={openFile} onClose={() => setOpenFile(null)} />
          </Suspense>
        </ChunkErrorBoundary>
      ) : null}
    </section>
  )
}
