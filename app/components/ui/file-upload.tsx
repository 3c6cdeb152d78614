import {
  DeleteOutlined,
  PaperClipOutlined,
  UploadOutlined,
} from '@ant-design/icons'
import { Button, Progress, Upload } from 'antd'
import { useEffect, useId, useRef, useState } from 'react'

import type { UploadRequest } from '#app/api/upload-request.ts'
import { MAX_UPLOAD_FILES } from '#common/constants/ui.ts'
import {
  MSG_BAD_FILE_FORMAT,
  MSG_CANNOT_DELETE_ATTACHMENT,
  MSG_EMPTY_FILE,
  MSG_UPLOAD_FAILED,
  msgUploadMaxCount,
} from '#common/messages.ts'
import { normalizeFileRecord } from '#common/normalize.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'
import {
  acceptAttribute,
  FILE_SIGNATURE_LENGTH,
  matchesFileType,
  type UploadFileType,
} from '#common/upload-file-types.ts'

import styles from './file-upload.module.css'
import { useAppFeedback } from './app-feedback.tsx'

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

type Pending = {
  uid: string
  name: string
  percent: number
  error?: string
}

const EMPTY: FileRecord[] = []

async function readHead(file: File): Promise<Uint8Array> {
  return new Uint8Array(
    await file.slice(0, FILE_SIGNATURE_LENGTH).arrayBuffer(),
  )
}

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
  const [pending, setPending] = useState<Pending[]>([])
  // Uploads finish out of order: each completion adds to the latest list, not a stale one.
  const latest = useRef(value)
  useEffect(() => {
    latest.current = value
  }, [value])
  // Uploads still running when the field goes away (a dialog closed) are stopped.
  const running = useRef(new Set<AbortController>())
  useEffect(() => {
    const controllers = running.current
    return () => controllers.forEach((controller) => controller.abort())
  }, [])
  const uploading = pending.filter((item) => !item.error).length
  const isFull = value.length + uploading >= maxCount

  const update = (uid: string, change: Partial<Pending>) =>
    setPending((items) =>
      items.map((item) => (item.uid === uid ? { ...item, ...change } : item)),
    )

  async function check(file: File, batch: File[]): Promise<string | null> {
    if (file.size === 0) return MSG_EMPTY_FILE
    if (accept) {
      const head = await readHead(file)
      if (!matchesFileType({ name: file.name, type: file.type, head }, accept))
        return MSG_BAD_FILE_FORMAT
    }
    if (value.length + uploading + batch.indexOf(file) >= maxCount)
      return msgUploadMaxCount(maxCount)
    return null
  }

  async function start(file: File & { uid: string }) {
    setPending((items) => [
      ...items,
      { uid: file.uid, name: file.name, percent: 0 },
    ])
    const controller = new AbortController()
    running.current.add(controller)
    try {
      const record = await upload(file, {
        onProgress: (percent) => update(file.uid, { percent }),
        signal: controller.signal,
      })
      setPending((items) => items.filter((item) => item.uid !== file.uid))
      latest.current = [...latest.current, record]
      onChange?.(latest.current)
    } catch (error) {
      if (controller.signal.aborted) return
      const text = error instanceof Error ? error.message : MSG_UPLOAD_FAILED
      update(file.uid, { error: text || MSG_UPLOAD_FAILED })
      void message.error(text || MSG_UPLOAD_FAILED)
    } finally {
      running.current.delete(controller)
    }
  }

  function remove(file: FileRecord) {
    // spec §5: an attachment flagged isDelete stays.
    if (file.isDelete) {
      void message.warning(MSG_CANNOT_DELETE_ATTACHMENT)
      return
    }
    onChange?.(value.filter((item) => item.id !== file.id))
  }

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
      <ul className={styles.list} aria-label="已上传文件">
        {value.map(normalizeFileRecord).map((file) => (
          <li key={file.id} className={styles.item}>
            <PaperClipOutlined aria-hidden />
            <a
              href={file.fullurl}
              target="_blank"
              rel="noreferrer"
              className={styles.name}
            >
              {file.name}
            </a>
            {disabled ? null : (
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={`删除 ${file.name}`}
                onClick={() => remove(file)}
              />
            )}
          </li>
        ))}
        {pending.map((item) => (
          <li
            key={item.uid}
            className={styles.item}
            data-status={item.error ? 'error' : 'uploading'}
          >
            <PaperClipOutlined aria-hidden />
            <span className={styles.name}>{item.name}</span>
            {item.error ? (
              <>
                <span role="alert" className={styles.error}>
                  {item.error}
                </span>
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={`移除 ${item.name}`}
                  onClick={() =>
                    setPending((items) =>
                      items.filter((other) => other.uid !== item.uid),
                    )
                  }
                />
              </>
            ) : (
              <Progress
                className={styles.progress}
                percent={item.percent}
                size="small"
                aria-label={`${item.name} 上传进度`}
                format={(percent) => `${percent ?? 0}%`}
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
