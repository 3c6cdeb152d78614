import { describe, expect, it } from 'vitest'

import { createCountCache } from './count-cache.ts'

describe('the count cache', () => {
  it('counts a filter once until cleared, and once for requests arriving together', async () => {
    const cache = createCountCache()
    let counted = 0
    const compute = async () => {
      counted++
      return 42
    }
    const totals = await Promise.all([
      cache.count('a', compute),
      cache.count('a', compute),
    ])
    expect(totals).toEqual([42, 42])
    expect(await cache.count('a', compute)).toBe(42)
    expect(counted).toBe(1)
    cache.clear()
    expect(await cache.count('a', compute)).toBe(42)
    expect(counted).toBe(2)
  })

  it('counts again once the total is older than its age, and after a failed count', async () => {
    let clock = 0
    const cache = createCountCache({ maxAgeMs: 20, now: () => clock })
    let counted = 0
    const compute = async () => ++counted
    expect(await cache.count('a', compute)).toBe(1)
    clock += 19
    expect(await cache.count('a', compute)).toBe(1)
    clock += 1
    expect(await cache.count('a', compute)).toBe(2)
    await expect(
      cache.count('b', () => Promise.reject(new Error('busy'))),
    ).rejects.toThrow('busy')
    expect(await cache.count('b', compute)).toBe(3)
  })

  it('keeps fewer of the larger facts than totals, and clears both with content', async () => {
    const cache = createCountCache({ maxEntries: 10, maxFacts: 2 })
    let computed = 0
    const anchors = async () => [++computed]
    await cache.remember('x', anchors)
    await cache.remember('y', anchors)
    expect(await cache.remember('x', anchors)).toEqual([1])
    // A third filter's facts start the facts afresh; the totals stay.
    expect(await cache.count('x', async () => 7)).toBe(7)
    await cache.remember('z', anchors)
    expect(await cache.remember('x', anchors)).toEqual([4])
    expect(await cache.count('x', async () => 8)).toBe(7)
    cache.clear()
    expect(await cache.remember('x', anchors)).toEqual([5])
    expect(await cache.count('x', async () => 8)).toBe(8)
  })
})
