import { FilePdfOutlined } from '@ant-design/icons'
import { Button, Form, Input, Modal } from 'antd'
import { lazy, Suspense, useState } from 'react'

import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'
import { ChunkErrorBoundary } from '#app/components/ui/chunk-error-boundary.tsx'
import { ChunkFailedAlert } from '#app/components/ui/chunk-failed-alert.tsx'
import { StatusTag } from '#app/components/ui/status-tag.tsx'
import type {
  ComplaintAccess,
  ComplaintStatus,
  IssuedDocument,
} from '#common/schemas/complaint/complaint-follow-up.ts'

import styles from './follow-up.module.css'
import type { useComplaintFileAccess } from './use-complaint-file-access.ts'
import { useFollowUpSubmit } from './use-follow-up-submit.ts'

const PdfViewer = lazy(() => import('#app/components/ui/pdf-viewer.tsx'))

type Props = {
  letter: ComplaintStatus['letter']
  documents: IssuedDocument[]
  // null without the query code: no receipt can be signed.
  access: ComplaintAccess | null
  // Open to this browser only for a while after the query: renewed before use.
  files: ReturnType<typeof useComplaintFileAccess>
  onChanged: () => void
}

function ReceiptDialog({
  document,
  access,
  onClose,
}: {
  document: IssuedDocument
  access: ComplaintAccess
  onClose: (signed: boolean) => void
}) {
  const [form] = Form.useForm<{ signerName: string }>()
  const { submit, isSaving } = useFollowUpSubmit(
    form,
    ({ signerName }) =>
      getBrowserRegionalApi().signDocumentReceipt({
        ...access,
        documentId: document.id,
        signerName: signerName.trim(),
      }),
    '已签收',
    onClose,
  )
  return (
    <Modal
      open
      title={`签收 ${document.label}`}
      okText="确认签收"
      onOk={submit}
      confirmLoading={isSaving}
      onCancel={() => onClose(false)}
    >
      <p>签收即确认已收到该文书，签收时间以提交时间为准。</p>
      <Form form={form} layout="vertical">
        <Form.Item
          label="签收人"
          name="signerName"
          rules={[
            { required: true, whitespace: true, message: '请填写签收人' },
            { max: 50, message: '签收人不能超过50个字' },
          ]}
        >
          <Input maxLength={50} autoComplete="name" />
        </Form.Item>
      </Form>
    </Modal>
  )
}

type Previewed = { id: string; fileName: string; url: string }

export function DocumentList({
  letter,
  documents,
  access,
  files,
  onChanged,
}: Props) {
  const [preview, setPreview] = useState<Previewed | null>(null)
  const [receipt, setReceipt] = useState<IssuedDocument | null>(null)
  const open = (file: Previewed) => {
    files
      .renew()
      .then(() => setPreview(file))
      .catch(() => undefined)
  }
  return (
    <>
      {letter ? (
        <div className={styles.document}>
          <Button
            type="link"
            icon={<FilePdfOutlined aria-hidden />}
            onClick={() =>
              open({ id: 'letter', fileName: letter.fileName, url: letter.url })
            }
            aria-label="预览 投诉书"
          >
            投诉书
          </Button>
          <span className={styles.actor}>本人提交，已加盖电子印章</span>
          <a
            href={letter.url}
            download={letter.fileName}
            className={styles.fileLink}
            onClick={files.onFileClick}
            aria-label="下载 投诉书"
          >
            下载
          </a>
        </div>
      ) : null}
      {documents.length === 0 ? (
        <p className={styles.reason}>暂无行政监督部门出具的文书</p>
      ) : null}
      <ul className={styles.plainList}>
        {documents.map((doc) => (
          <li key={doc.id} className={styles.document}>
            <Button
              type="link"
              icon={<FilePdfOutlined aria-hidden />}
              onClick={() =>
                open({
                  id: String(doc.id),
                  fileName: doc.fileName,
                  url: doc.url,
                })
              }
              aria-label={`预览 ${doc.label}`}
            >
              {doc.label}
            </Button>
            <span className={styles.actor}>{doc.issuedAt}</span>
            {doc.isSealed ? <StatusTag tone="success">已盖章</StatusTag> : null}
            <a
              href={doc.url}
              download={doc.fileName}
              className={styles.fileLink}
              onClick={files.onFileClick}
            >
              下载
            </a>
            {access && doc.needsReceipt && !doc.receiptSignedAt ? (
              <Button
                size="small"
                type="primary"
                onClick={() => setReceipt(doc)}
              >
                签收文书
              </Button>
            ) : null}
            {doc.receiptSignedAt ? (
              <StatusTag tone="neutral">
                已于 {doc.receiptSignedAt} 签收
              </StatusTag>
            ) : null}
          </li>
        ))}
      </ul>
      {preview ? (
        <ChunkErrorBoundary
          fallback={
            <ChunkFailedAlert text="在线预览暂时无法加载，请下载后查看。" />
          }
        >
          <Suspense fallback={null}>
            <PdfViewer
              file={{
                id: preview.id,
                name: preview.fileName,
                url: preview.url,
                type: 1,
              }}
              onClose={() => setPreview(null)}
            />
          </Suspense>
        </ChunkErrorBoundary>
      ) : null}
      {access && receipt ? (
        <ReceiptDialog
          document={receipt}
          access={access}
          onClose={(signed) => {
            setReceipt(null)
            if (signed) onChanged()
          }}
        />
      ) : null}
    </>
  )
}
