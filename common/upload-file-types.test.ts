import { describe, expect, it } from 'vitest'

import {
  acceptAttribute,
  fileExtension,
  matchesFileType,
} from './upload-file-types.ts'

const head = (...bytes: number[]) => new Uint8Array(bytes)
const ZIP_HEAD = head(0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0)

describe('upload file types (spec §5)', () => {
  it('reads the extension case-insensitively', () => {
    expect(fileExtension('证据.PDF')).toBe('pdf')
    expect(fileExtension('archive.tar.gz')).toBe('gz')
    expect(fileExtension('README')).toBe('')
  })

  it('accepts a real file of an allowed type, with or without a reported type', () => {
    const docx =
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
    expect(
      matchesFileType({ name: '答辩.docx', type: docx, head: ZIP_HEAD }, [
        'docx',
      ]),
    ).toBe(true)
    expect(
      matchesFileType(
        { name: '照片.JPEG', type: '', head: head(0xff, 0xd8, 0xff, 0xe0) },
        ['jpg'],
      ),
    ).toBe(true)
    expect(
      matchesFileType(
        {
          name: 'data.gz',
          type: 'application/octet-stream',
          head: head(0x1f, 0x8b, 8),
        },
        ['gz'],
      ),
    ).toBe(true)
  })

  it('refuses a type outside the list, a renamed file and a contradicting reported type', () => {
    expect(
      matchesFileType({ name: 'a.exe', head: head(0x4d, 0x5a) }, ['pdf']),
    ).toBe(false)
    expect(
      matchesFileType({ name: 'a.png', head: ZIP_HEAD }, ['png', 'zip']),
    ).toBe(false)
    expect(
      matchesFileType(
        {
          name: 'a.pdf',
          type: 'text/html',
          head: head(0x25, 0x50, 0x44, 0x46, 0x2d),
        },
        ['pdf'],
      ),
    ).toBe(false)
  })

  it('lists the extensions for the file picker', () => {
    expect(acceptAttribute(['jpg', 'pdf'])).toBe('.jpg,.jpeg,.pdf')
  })
})
