import { describe, expect, it } from 'vitest'

import { fileKind, fileSize } from './file-facts.ts'

describe('what a download says about its file', () => {
  it('names the kind by the stored type, else by the extension', () => {
    expect(fileKind('application/pdf', 'a.pdf')).toBe('PDF')
    expect(
      fileKind(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        '范本.docx',
      ),
    ).toBe('Word')
    expect(fileKind('application/vnd.ms-excel', '表.xls')).toBe('Excel')
    expect(fileKind('application/octet-stream', '材料.zip')).toBe('ZIP')
    expect(fileKind('application/octet-stream', '说明.ofd')).toBe('OFD')
  })

  it('writes sizes in B, KB and MB with one decimal', () => {
    expect(fileSize(0)).toBe('0 B')
    expect(fileSize(1023)).toBe('1023 B')
    expect(fileSize(12_595)).toBe('12.3 KB')
    expect(fileSize(4_718_592)).toBe('4.5 MB')
  })
})
