// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import '#tests/jsdom-shims.ts'

import { ERROR_MESSAGES } from './error-messages.ts'
import { ErrorPage } from './error-page.tsx'

// antd's Result never arrives: the network that failed the page failed its chunk too (or a new
// release removed the chunk the page asked for).
vi.mock('./error-result.tsx', () => {
  throw new Error('Unable to preload CSS for /assets/result.css')
})

afterEach(cleanup)

describe('the error page when its own code cannot load', () => {
  it('keeps the message and the ways on instead of giving way to an English error screen', async () => {
    // React reports the error its boundary caught (this file runs in a process of its own).
    ;(globalThis as { expectConsole?: boolean }).expectConsole = true
    // React reports the failure when it has drawn again: to the console when a boundary caught
    // it, as an uncaught error otherwise.
    const reported: unknown[] = []
    const onError = (event: ErrorEvent) => reported.push(event.error)
    window.addEventListener('error', onError)
    render(<ErrorPage status={500} />)
    // The import fails, and React draws again (it retries a suspended part after up to 300 ms)
    // and reports the failure: without a boundary the page would now be empty.
    const failure: unknown = await import('./error-result.tsx').catch(
      (error: unknown) => error,
    )
    await vi.waitFor(
      () =>
        expect(
          reported.includes(failure) ||
            vi
              .mocked(console.error)
              .mock.calls.some((args) => args.includes(failure)),
        ).toBe(true),
      { timeout: 10_000, interval: 20 },
    )
    window.removeEventListener('error', onError)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      ERROR_MESSAGES[500]!.title,
    )
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '返回首页' })).toBeTruthy()
  })
})
