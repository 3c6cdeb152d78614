import { describe, expect, it } from 'vitest'

import { MSG_EMPTY_FILE, MSG_UPLOAD_BAD_NAME } from '#common/messages.ts'
import { pdfDocument } from '#tests/upload-samples.ts'
import { checkUpload, cleanFileName, narrowTypes } from './upload-policy.ts'

describe('upload names and rules', () => {
  it('keeps only the file name a browser sent, without control or reserved characters', () => {
    expect(cleanFileName('C:\\Users\\张三\\证据\u0000 1.pdf')).toBe(
      '证据 1.pdf',
    )
    expect(cleanFileName('../../etc/<投诉>.pdf')).toBe('投诉.pdf')
  })

  it('shortens a long name to 100 characters and keeps its extension', () => {
    const name = cleanFileName(`${'水'.repeat(150)}.docx`)
    expect(Array.from(name)).toHaveLength(100)
    expect(name.endsWith('水.docx')).toBe(true)
  })

  it('narrows the allowed types by accept and refuses an accept that allows nothing', () => {
    expect(narrowTypes(['jpg', 'png', 'pdf'], '.PDF, jpeg')).toEqual([
      'jpg',
      'pdf',
    ])
    expect(narrowTypes(['jpg', 'png'], 'exe')).toBeNull()
    expect(narrowTypes(['jpg'], undefined)).toEqual(['jpg'])
  })

  it('checks emptiness before anything else, and refuses a name that is only an extension', async () => {
    expect(
      await checkUpload({ name: 'x.exe', bytes: Buffer.alloc(0) }),
    ).toEqual({ ok: false, msg: MSG_EMPTY_FILE })
    expect(
      await checkUpload({ name: '.pdf', bytes: await pdfDocument() }),
    ).toEqual({ ok: false, msg: MSG_UPLOAD_BAD_NAME })
  })
})
