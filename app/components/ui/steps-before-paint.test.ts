// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'

import { STEPS_BEFORE_PAINT } from './steps-before-paint.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

/** The script runs first in <body>; the Steps come later in the page, as the parser adds them. */
async function stepsAfterScript(isPhone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: isPhone && query === '(max-width: 575px)',
  }))
  new Function(STEPS_BEFORE_PAINT)()
  const form = document.createElement('div')
  form.innerHTML =
    '<div class="ant-steps ant-steps-horizontal ant-steps-small"></div>'
  document.body.append(form)
  await Promise.resolve()
  document.dispatchEvent(new Event('DOMContentLoaded', { bubbles: true }))
  return form.querySelector('.ant-steps')!.className
}

describe('Steps before the first paint', () => {
  it('stand vertical on a phone, as antd shows them once its script runs', async () => {
    expect(await stepsAfterScript(true)).toBe(
      'ant-steps ant-steps-vertical ant-steps-small',
    )
  })

  it('stay across on a wider screen', async () => {
    expect(await stepsAfterScript(false)).toBe(
      'ant-steps ant-steps-horizontal ant-steps-small',
    )
  })
})
