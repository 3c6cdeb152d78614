import { describe, expect, it } from 'vitest'

import { ICP_RECORD_PATTERN, psbRecordUrl } from './site-marks.ts'

describe('the filing numbers of the footer', () => {
  it('links a 公安备案号 to its record on the public-security filing system', () => {
    expect(psbRecordUrl('新公网安备65010202000123号')).toBe(
      'https://beian.mps.gov.cn/#/query/webSearch?code=65010202000123',
    )
    // The filing system's own snippet puts a space before the code; both are accepted.
    expect(psbRecordUrl(' 新公网安备 65010202000123号 ')).toBe(
      'https://beian.mps.gov.cn/#/query/webSearch?code=65010202000123',
    )
  })

  it('gives no link for text that is not a 公安备案号', () => {
    for (const text of [
      '',
      '新公网安备6501020200012号',
      '新ICP备12345678号',
      '公网安备65010202000123号',
    ])
      expect(psbRecordUrl(text)).toBeNull()
  })

  it('accepts ICP numbers as the MIIT issues them, with or without the site suffix', () => {
    expect(ICP_RECORD_PATTERN.test('新ICP备12345678号')).toBe(true)
    expect(ICP_RECORD_PATTERN.test('新ICP备12345678号-2')).toBe(true)
    expect(ICP_RECORD_PATTERN.test('ICP备12345678号')).toBe(false)
    expect(ICP_RECORD_PATTERN.test('新ICP备12345678')).toBe(false)
  })
})
