// @vitest-environment jsdom
import { App } from 'antd'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'

import { UploadError, type UploadRequest } from '#app/api/upload-request.ts'
import {
  MSG_BAD_FILE_FORMAT,
  MSG_CANNOT_DELETE_ATTACHMENT,
  MSG_EMPTY_FILE,
  MSG_UPLOAD_NO_RESPONSE,
} from '#common/messages.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'
import type { UploadFileType } from '#common/upload-file-types.ts'

import { FileUpload } from './file-upload.tsx'

afterEach(cleanup)

const PDF_HEAD = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const makeFile = (name: string, bytes: number[], type = '') =>
  new File([new Uint8Array(bytes)], name, { type })

/** An upload that reports the steps it is given, then answers with a record. */
function controlledUpload() {
  const calls: File[] = []
  const finishers: ((outcome: 'ok' | Error) => void)[] = []
  let report: (percent: number) => void = () => {}
  const signals: (AbortSignal | undefined)[] = []
  const upload: UploadRequest = (file, options) => {
    calls.push(file)
    signals.push(options?.signal)
    report = options?.onProgress ?? (() => {})
    return new Promise((resolve, reject) => {
      const index = calls.length
      finishers.push((outcome) =>
        outcome === 'ok'
          ? resolve({
              id: `id-${index}`,
              name: file.name,
              url: `/files/id-${index}/${file.name}`,
              type: 1,
            })
          : reject(outcome),
      )
    })
  }
  return {
    upload,
    calls,
    signals,
    progress: (percent: number) => report(percent),
    /** Answers the latest upload. */
    finish: (outcome: 'ok' | Error) => finishers.at(-1)?.(outcome),
    finishAll: () => finishers.forEach((finish) => finish('ok')),
  }
}

function Harness(props: {
  upload: UploadRequest
  accept?: UploadFileType[]
  maxCount?: number
  initial?: FileRecord[]
}) {
  const [files, setFiles] = useState<FileRecord[]>(props.initial ?? [])
  return (
    <App>
      <FileUpload
        value={files}
        onChange={setFiles}
        upload={props.upload}
        accept={props.accept}
        maxCount={props.maxCount}
      />
      <output aria-label="表单值">{files.map((f) => f.name).join(',')}</output>
    </App>
  )
}

const fileInput = () =>
  document.querySelector('input[type="file"]') as HTMLInputElement

// userEvent.upload honours `accept`; these tests choose files the picker would hide.
const user = () => userEvent.setup({ applyAccept: false })

describe('file upload (spec §5)', () => {
  it('refuses an empty file with 不能上传空文件 and sends nothing', async () => {
    const transport = controlledUpload()
    render(<Harness upload={transport.upload} />)
    await user().upload(fileInput(), makeFile('空白.pdf', []))
    expect(await screen.findByText(`空白.pdf：${MSG_EMPTY_FILE}`)).toBeTruthy()
    expect(transport.calls).toHaveLength(0)
  })

  it('refuses a file of another extension, and a renamed file, with 请上传正确的文件格式', async () => {
    const transport = controlledUpload()
    render(<Harness upload={transport.upload} accept={['pdf', 'png']} />)
    await user().upload(fileInput(), makeFile('说明.txt', [0x41, 0x42]))
    expect(
      await screen.findByText(`说明.txt：${MSG_BAD_FILE_FORMAT}`),
    ).toBeTruthy()
    // A text file renamed to .pdf does not start with %PDF-.
    await user().upload(
      fileInput(),
      makeFile('伪装.pdf', [0x68, 0x65, 0x6c, 0x6c, 0x6f], 'application/pdf'),
    )
    expect(
      await screen.findByText(`伪装.pdf：${MSG_BAD_FILE_FORMAT}`),
    ).toBeTruthy()
    // The browser's type must belong to the extension too.
    await user().upload(fileInput(), makeFile('图.png', PNG_HEAD, 'text/html'))
    expect(
      await screen.findByText(`图.png：${MSG_BAD_FILE_FORMAT}`),
    ).toBeTruthy()
    expect(transport.calls).toHaveLength(0)
  })

  it('accepts any non-empty file without a type restriction', async () => {
    const transport = controlledUpload()
    render(<Harness upload={transport.upload} />)
    await user().upload(fileInput(), makeFile('说明.txt', [0x41]))
    await waitFor(() => expect(transport.calls).toHaveLength(1))
    expect(screen.getByText('支持格式：不限；只能上传999个文件')).toBeTruthy()
  })

  it('shows the percent while loading, then the file and the form value', async () => {
    const transport = controlledUpload()
    render(<Harness upload={transport.upload} accept={['pdf']} />)
    await user().upload(
      fileInput(),
      makeFile('证据.pdf', PDF_HEAD, 'application/pdf'),
    )
    await waitFor(() => expect(transport.calls).toHaveLength(1))
    transport.progress(42)
    expect(await screen.findByText('42%')).toBeTruthy()
    expect(
      screen.getByRole('progressbar', { name: '证据.pdf 上传进度' }),
    ).toBeTruthy()
    transport.finish('ok')
    expect(await screen.findByRole('link', { name: '证据.pdf' })).toBeTruthy()
    expect(screen.getByRole('status', { name: '表单值' }).textContent).toBe(
      '证据.pdf',
    )
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('shows the failure message beside the file and keeps it out of the value', async () => {
    const transport = controlledUpload()
    render(<Harness upload={transport.upload} />)
    await user().upload(fileInput(), makeFile('证据.docx', [0x50, 0x4b, 3, 4]))
    await waitFor(() => expect(transport.calls).toHaveLength(1))
    transport.finish(new UploadError(MSG_UPLOAD_NO_RESPONSE))
    expect((await screen.findByRole('alert')).textContent).toBe(
      MSG_UPLOAD_NO_RESPONSE,
    )
    expect(screen.getByRole('status', { name: '表单值' }).textContent).toBe('')
    await user().click(screen.getByRole('button', { name: '移除 证据.docx' }))
    expect(screen.queryByText('证据.docx')).toBeNull()
  })

  it('stops an upload still running when the field goes away', async () => {
    const transport = controlledUpload()
    const { unmount } = render(<Harness upload={transport.upload} />)
    await user().upload(fileInput(), makeFile('证据.pdf', PDF_HEAD))
    await waitFor(() => expect(transport.calls).toHaveLength(1))
    expect(transport.signals[0]?.aborted).toBe(false)
    unmount()
    expect(transport.signals[0]?.aborted).toBe(true)
    transport.finish(new DOMException('aborted', 'AbortError'))
  })

  it('refuses files past the maximum count with 只能上传X个文件 and shows the count in the hint', async () => {
    const transport = controlledUpload()
    render(<Harness upload={transport.upload} accept={['pdf']} maxCount={2} />)
    expect(screen.getByText('支持格式：pdf；只能上传2个文件')).toBeTruthy()
    await user().upload(fileInput(), [
      makeFile('一.pdf', PDF_HEAD),
      makeFile('二.pdf', PDF_HEAD),
      makeFile('三.pdf', PDF_HEAD),
    ])
    expect(await screen.findByText('三.pdf：只能上传2个文件')).toBeTruthy()
    await waitFor(() => expect(transport.calls).toHaveLength(2))
    transport.finishAll()
    expect(await screen.findByRole('link', { name: '二.pdf' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '一.pdf' })).toBeTruthy()
    expect(
      (screen.getByRole('button', { name: '选择文件' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true)
  })

  it('removes a file, but refuses to remove one flagged isDelete with 不可删除附件', async () => {
    const transport = controlledUpload()
    render(
      <Harness
        upload={transport.upload}
        initial={[
          {
            id: 'a',
            name: '投诉书.pdf',
            url: '/files/a/投诉书.pdf',
            type: 1,
            isDelete: true,
          },
          { id: 'b', name: '证据.png', url: '/files/b/证据.png', type: 0 },
        ]}
      />,
    )
    await user().click(screen.getByRole('button', { name: '删除 投诉书.pdf' }))
    expect(await screen.findByText(MSG_CANNOT_DELETE_ATTACHMENT)).toBeTruthy()
    expect(screen.getByRole('link', { name: '投诉书.pdf' })).toBeTruthy()
    await user().click(screen.getByRole('button', { name: '删除 证据.png' }))
    expect(screen.queryByRole('link', { name: '证据.png' })).toBeNull()
    expect(screen.getByRole('status', { name: '表单值' }).textContent).toBe(
      '投诉书.pdf',
    )
  })

  it('opens the file picker from the keyboard', async () => {
    const transport = controlledUpload()
    render(<Harness upload={transport.upload} />)
    const picked: string[] = []
    fileInput().addEventListener('click', () => picked.push('opened'))
    await user().tab()
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: '选择文件' }),
    )
    await user().keyboard('{Enter}')
    expect(picked).toEqual(['opened'])
  })
})
