import { UploadOutlined } from '@ant-design/icons'
import { Button, Upload } from 'antd'
import { useId } from 'react'

import type { UploadRequest } from '#app/api/upload-request.ts'
import { MAX_UPLOAD_FILES } from '#common/constants/ui.ts'
import { msgUploadMaxCount } from '#common/messages.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'
import {
  acceptAttribute,
  type UploadFileType,
} from '#common/upload-file-types.ts'

import styles from './file-upload.module.css'
import { useAppFeedback } from './app-feedback.tsx'
import { UploadedFileList } from './uploaded-file-list.tsx'
import { useUploadQueue } from './use-upload-queue.ts'

type Props = {
  value?: FileRecord[]
  onChange?: (files: FileRecord[]) => void
  upload: UploadRequest
  // Without it any type is accepted (spec §5).
  accept?: readonly UploadFileType[]
  maxCount?: number
  disabled?: boolean
  buttonText?: string
  id?: string
}

const EMPTY: FileRecord[] = []

// spec §5: files are checked before anything is sent. A file flagged isDelete cannot be removed.
export function FileUpload({
  value = EMPTY,
  onChange,
  upload,
  accept,
  maxCount = MAX_UPLOAD_FILES,
  disabled = false,
  buttonText = '选择文件',
  id,
}: Props) {
  const { message } = useAppFeedback()
  const hintId = useId()
  const { pending, isFull, check, start, remove, dismiss } = useUploadQueue({
    value,
    onChange,
    upload,
    accept,
    maxCount,
  })

  const formats = accept ? accept.join('、') : '不限'
  return (
    <div className={styles.upload}>
      <Upload
        accept={accept ? acceptAttribute(accept) : undefined}
        multiple={maxCount > 1}
        disabled={disabled || isFull}
        showUploadList={false}
        fileList={[]}
        beforeUpload={async (file, batch) => {
          const refusal = await check(file, batch)
          if (!refusal) return true
          void message.error(`${file.name}：${refusal}`)
          return Upload.LIST_IGNORE
        }}
        customRequest={({ file }) => {
          void start(file as File & { uid: string })
        }}
      >
        <Button
          id={id}
          icon={<UploadOutlined aria-hidden />}
          disabled={disabled || isFull}
          aria-describedby={hintId}
        >
          {buttonText}
        </Button>
      </Upload>
      <div id={hintId} className={styles.hint}>
        支持格式：{formats}；{msgUploadMaxCount(maxCount)}
      </div>
      <UploadedFileList
        files={value}
        pending={pending}
        disabled={disabled}
        onRemove={remove}
        onDismiss={dismiss}
      />
    </div>
  )
}
