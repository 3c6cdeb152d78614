import { describe, expect, it } from 'vitest'

import { nextPathOf, signInPath } from './console-paths.ts'

describe('where the sign-in page leads', () => {
  it('comes back to the console page the person was on, query included', () => {
    const path = signInPath('/admin/audit?accountName=li.handler&pageNo=2')
    expect(path).toBe(
      '/admin/login?next=%2Fadmin%2Faudit%3FaccountName%3Dli.handler%26pageNo%3D2',
    )
    const next = new URLSearchParams(path.split('?')[1]).get('next')
    expect(nextPathOf(next)).toBe(
      '/admin/audit?accountName=li.handler&pageNo=2',
    )
    expect(signInPath('/admin')).toBe('/admin/login')
  })

  it('never leads to another site, a public page, or sign-in and setup again', () => {
    for (const next of [
      null,
      '',
      'https://example.com/admin',
      '//example.com/admin',
      '/\\example.com',
      '/admin\\..\\x',
      '/administration',
      '/index/new',
      '/admin/login?next=/admin',
      '/admin/setup?token=x',
    ])
      expect(nextPathOf(next), String(next)).toBe('/admin')
    expect(signInPath('https://example.com/admin')).toBe('/admin/login')
  })
})
