// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createSessionContact } from './session-contact.ts'

afterEach(() => {
  vi.useRealTimers()
  localStorage.clear()
})

describe('the session’s last contact, shared by the console’s tabs', () => {
  it('lets a tab left alone go by the contact of the tab in use', () => {
    vi.useFakeTimers({ now: new Date('2026-12-08T01:00:00Z') })
    const idleTab = createSessionContact()
    const busyTab = createSessionContact()
    idleTab.started(12 * 3600_000)
    vi.advanceTimersByTime(20 * 60_000)
    busyTab.seen()
    expect(idleTab.times()).toEqual({
      lastContactAt: Date.parse('2026-12-08T01:20:00Z'),
      endsAt: Date.parse('2026-12-08T13:00:00Z'),
    })
    // Its own later contact counts over the other's earlier one.
    vi.advanceTimersByTime(60_000)
    idleTab.seen()
    expect(idleTab.times().lastContactAt).toBe(
      Date.parse('2026-12-08T01:21:00Z'),
    )
  })
})
