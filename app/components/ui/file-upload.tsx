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
  /** The uploaded files (antd Form passes value and onChange). */
  value?: FileRecord[]
  onChange?: (files: FileRecord[]) => void
  upload: UploadRequest
  /** Allowed types; without it any type is accepted (spec §5). */
  accept?: readonly UploadFileType[]
  /** At most this many files, 999 by default (spec §5). */
  maxCount?: number
  disabled?: boolean
  /** Text of the trigger, which is also its accessible name. */
  buttonText?: string
  id?: string
}

const EMPTY: FileRecord[] = []

/**
 * The file upload of spec §5 on antd Upload. Files are checked before anything is sent: an empty
 * file, a file whose type, extension or first bytes are not allowed, and a file past the maximum
 * count are refused with the spec's messages. Each upload shows its percent; a failure shows the
 * message of spec §8 beside the file and in a toast. A file flagged isDelete cannot be removed.
 */
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
