import { describe, expect, it } from 'vitest'

import { consoleReturnPath } from './console-return-path.ts'

describe('where a sign-in returns to', () => {
  it('keeps a console page with its query', () => {
    expect(consoleReturnPath('/admin')).toBe('/admin')
    expect(consoleReturnPath('/admin/complaints?state=accepted')).toBe(
      '/admin/complaints?state=accepted',
    )
    expect(consoleReturnPath('/admin/audit#top')).toBe('/admin/audit')
  })

  it('sends anything else to the console home', () => {
    for (const wanted of [
      undefined,
      ['/admin/accounts', '/admin/audit'],
      '',
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example/admin',
      '/admin\\..\\..\\x',
      '/administrator',
      '/admin/../complaint/list',
      '/admin/%2e%2e/complaint/list',
      '/complaint/list',
      '/admin/login?next=/admin',
      '/admin/setup?token=x',
      '/admin/\nSet-Cookie:x',
      '/admin/\u0000',
      'javascript:alert(1)',
      `/admin/${'a'.repeat(2000)}`,
    ])
      expect(consoleReturnPath(wanted), String(wanted)).toBe('/admin')
  })
})
