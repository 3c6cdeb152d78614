import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons'
import { Button, Progress } from 'antd'

import { normalizeFileRecord } from '#common/normalize.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'

import styles from './file-upload.module.css'
import type { Pending } from './use-upload-queue.ts'

type Props = {
  files: FileRecord[]
  pending: Pending[]
  disabled: boolean
  onRemove: (file: FileRecord) => void
  onDismiss: (uid: string) => void
}

export function UploadedFileList({
  files,
  pending,
  disabled,
  onRemove,
  onDismiss,
}: Props) {
  return (
    <ul className={styles.list} aria-label="已上传文件">
      {files.map(normalizeFileRecord).map((file) => (
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
              onClick={() => onRemove(file)}
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
                onClick={() => onDismiss(item.uid)}
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
  )
}
