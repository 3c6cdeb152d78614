import { FilePdfOutlined, SafetyCertificateOutlined } from '@ant-design/icons'
import { Alert, Button } from 'antd'
import { lazy, Suspense, useState } from 'react'

import { ChunkErrorBoundary } from '#app/components/ui/chunk-error-boundary.tsx'
import { ChunkFailedAlert } from '#app/components/ui/chunk-failed-alert.tsx'
import { StatusTag } from '#app/components/ui/status-tag.tsx'
import {
  SignDialog,
  type SignDialogProps,
  type SignHolder,
} from '#app/components/ui/sign-dialog.tsx'
import { normalizeFileRecord } from '#common/normalize.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'

import styles from './apply.module.css'

const PdfViewer = lazy(() => import('#app/components/ui/pdf-viewer.tsx'))

type Props = {
  formFile: FileRecord | null
  isBusy: boolean
  onGenerate: () => void
  onSealed: (file: FileRecord) => void
  onSubmit: () => void
  holder?: SignHolder
  sameTab?: SignDialogProps['sameTab']
  sealRefusal?: string | null
}

// After the server refused the seal, 重新签章 is the way forward, with the reason above it.
export function SealAndSubmit({
  formFile,
  isBusy,
  onGenerate,
  onSealed,
  onSubmit,
  holder,
  sameTab,
  sealRefusal,
}: Props) {
  const [isSigning, setIsSigning] = useState(false)
  const [isPreviewing, setIsPreviewing] = useState(false)
  const file = formFile ? normalizeFileRecord(formFile) : null
  // A sealed letter is previewed as sealed.
  const shown =
    file?.isSign && file.signUrl
      ? { ...file, url: file.signUrl, fullurl: file.signUrl }
      : file
  return (
    <fieldset className={styles.section}>
      <legend>生成投诉书并签章</legend>
      {file ? (
        <div className={styles.formFile}>
          <Button
            type="link"
            icon={<FilePdfOutlined aria-hidden />}
            onClick={() => setIsPreviewing(true)}
          >
            预览 {file.name}
          </Button>
          {file.isSign ? (
            <StatusTag tone="success">
              <SafetyCertificateOutlined aria-hidden /> 已加盖电子印章
            </StatusTag>
          ) : sealRefusal ? (
            <StatusTag tone="danger">签章无效</StatusTag>
          ) : (
            <StatusTag tone="warning">未签章</StatusTag>
          )}
        </div>
      ) : (
        <p className={styles.note}>
          请确认以上内容无误并填写短信验证码后生成投诉书。投诉书须加盖投诉人的电子印章后方可提交。
        </p>
      )}
      <div className={styles.actions}>
        <Button
          onClick={onGenerate}
          loading={isBusy && !file}
          type={file ? 'default' : 'primary'}
        >
          {file ? '重新生成投诉书' : '生成投诉书'}
        </Button>
        {file && !file.isSign ? (
          <Button type="primary" onClick={() => setIsSigning(true)}>
            {sealRefusal ? '重新签章' : '电子签章'}
          </Button>
        ) : null}
        {file?.isSign ? (
          <>
            <Button type="primary" onClick={onSubmit} loading={isBusy}>
              提交投诉
            </Button>
            <Button onClick={() => setIsSigning(true)}>重新签章</Button>
          </>
        ) : null}
      </div>
      {file && !file.isSign && sealRefusal ? (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          role="alert"
          title={sealRefusal}
        />
      ) : null}
      {file?.isSign ? (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          title="提交后投诉书不可修改。提交前如需修改内容，修改后请重新生成投诉书并签章。"
        />
      ) : null}
      {file ? (
        <SignDialog
          open={isSigning}
          info={{
            id: file.id,
            name: file.name,
            fullurl: file.fullurl,
            signType: 'complaint',
          }}
          onChange={(signed) => {
            setIsSigning(false)
            // The letter keeps its id: the server files its newest seal, so sealing it again
            // (重新签章) needs nothing else; the sealed copy is what signUrl shows.
            onSealed({ ...file, isSign: true, signUrl: signed.signUrl })
          }}
          onClose={() => setIsSigning(false)}
          holder={holder}
          sameTab={sameTab}
        />
      ) : null}
      {shown && isPreviewing ? (
        <ChunkErrorBoundary
          fallback={
            <ChunkFailedAlert text="在线预览暂时无法加载，请刷新页面后重试。" />
          }
        >
          <Suspense fallback={null}>
            <PdfViewer file={shown} onClose={() => setIsPreviewing(false)} />
          </Suspense>
        </ChunkErrorBoundary>
      ) : null}
    </fieldset>
  )
}
