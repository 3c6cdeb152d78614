import { describe, expect, it } from 'vitest'

import { UPLOAD_FILE_TYPES } from '#common/upload-file-types.ts'
import { contentTypesXml, uploadSamples, zipOf } from '#tests/upload-samples.ts'
import { sniffUploadType } from './upload-content-type.ts'

describe('sniffUploadType', async () => {
  const samples = await uploadSamples()

  it.each(UPLOAD_FILE_TYPES)(
    'recognises a real %s by its content',
    async (type) => {
      expect(await sniffUploadType(samples[type])).toBe(type)
    },
  )

  it('tells Word and Excel documents apart from a plain zip and from each other', async () => {
    expect(await sniffUploadType(samples.docx)).toBe('docx')
    expect(await sniffUploadType(samples.xlsx)).toBe('xlsx')
    expect(await sniffUploadType(samples.doc)).toBe('doc')
    expect(await sniffUploadType(samples.xls)).toBe('xls')
    expect(await sniffUploadType(samples.zip)).toBe('zip')
  })

  it('refuses other zip containers, other compound files and plain text', async () => {
    const pptx = zipOf({
      '[Content_Types].xml': contentTypesXml(
        '/ppt/presentation.xml',
        'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      ),
      'ppt/presentation.xml': '<presentation/>',
    })
    expect(await sniffUploadType(pptx)).toBeNull()
    const msi = Buffer.from(samples.doc)
    // Rename the WordDocument stream (UTF-16 in the directory) to something else.
    const at = msi.indexOf(Buffer.from('WordDocument', 'utf16le'))
    msi.write('Xord', at, 'utf16le')
    expect(await sniffUploadType(msi)).toBeNull()
    expect(
      await sniffUploadType(Buffer.from('<script>alert(1)</script>')),
    ).toBeNull()
    expect(
      await sniffUploadType(Buffer.from('MZ\x90\x00executable')),
    ).toBeNull()
  })
})
