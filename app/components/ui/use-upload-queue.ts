import { useEffect, useRef, useState } from 'react'

import type { UploadRequest } from '#app/api/upload-request.ts'
import {
  MSG_BAD_FILE_FORMAT,
  MSG_CANNOT_DELETE_ATTACHMENT,
  MSG_EMPTY_FILE,
  MSG_UPLOAD_FAILED,
  msgUploadMaxCount,
} from '#common/messages.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'
import {
  FILE_SIGNATURE_LENGTH,
  matchesFileType,
  type UploadFileType,
} from '#common/upload-file-types.ts'

import { useAppFeedback } from './app-feedback.tsx'

type Options = {
  value: FileRecord[]
  onChange?: (files: FileRecord[]) => void
  upload: UploadRequest
  accept?: readonly UploadFileType[]
  maxCount: number
}

export type Pending = {
  uid: string
  name: string
  percent: number
  error?: string
}

async function readHead(file: File): Promise<Uint8Array> {
  return new Uint8Array(
    await file.slice(0, FILE_SIGNATURE_LENGTH).arrayBuffer(),
  )
}

export function useUploadQueue({
  value,
  onChange,
  upload,
  accept,
  maxCount,
}: Options) {
  const { message } = useAppFeedback()
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

  const dismiss = (uid: string) =>
    setPending((items) => items.filter((other) => other.uid !== uid))

  return { pending, isFull, check, start, remove, dismiss }
}
