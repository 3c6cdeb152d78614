import { gunzipSync } from 'node:zlib'

import { describe, expect, it } from 'vitest'

import { createBulkFiles } from './ocds-bulk-files.ts'

/** Lines for a year that say how many times the year was made, released when `gate` opens. */
function counted(gate: Promise<void> = Promise.resolve()) {
  const made = new Map<number, number>()
  return {
    made,
    async *linesOf(year: number) {
      made.set(year, (made.get(year) ?? 0) + 1)
      await gate
      yield `{"year":${year},"making":${made.get(year)}}`
      yield '{"second":true}'
    },
  }
}

const text = (body: Buffer) => gunzipSync(body).toString('utf8')

describe('the yearly bulk files', () => {
  it('makes a year once for requests that come together, and keeps it', async () => {
    let open!: () => void
    const source = counted(new Promise((resolve) => (open = resolve)))
    const files = createBulkFiles(source.linesOf)
    const asked = [files.get(2026), files.get(2026)]
    open()
    const [a, b] = await Promise.all(asked)
    expect(a).toBe(b)
    expect(text(a!.body)).toBe('{"year":2026,"making":1}\n{"second":true}\n')
    expect(a!.etag).toMatch(/^"[\w-]{43}"$/)
    await files.get(2026)
    expect(source.made.get(2026)).toBe(1)
  })

  it('makes it again after a change, and keeps nothing made while the change came', async () => {
    let open!: () => void
    const source = counted(new Promise((resolve) => (open = resolve)))
    const files = createBulkFiles(source.linesOf)
    const during = files.get(2025)
    files.clear()
    open()
    expect(text((await during).body)).toContain('"making":1')
    const after = await files.get(2025)
    expect(text(after.body)).toContain('"making":2')
    expect(after.etag).not.toBe((await during).etag)
    expect((await files.get(2025)).etag).toBe(after.etag)
  })

  it('drops the least recently asked year beyond its weight', async () => {
    const size = (await createBulkFiles(counted().linesOf).get(2024)).body
      .length
    const source = counted()
    // Room for two files, not three.
    const files = createBulkFiles(source.linesOf, { maxBytes: size * 2.5 })
    await files.get(2024)
    await files.get(2025)
    await files.get(2024)
    await files.get(2026) // 2025, asked least recently, goes
    await files.get(2024)
    await files.get(2025)
    expect(source.made).toEqual(
      new Map([
        [2024, 1],
        [2025, 2],
        [2026, 1],
      ]),
    )
  })

  it('writes the same bytes for the same lines, whenever and wherever it is made', async () => {
    const one = await createBulkFiles(counted().linesOf).get(2026)
    const other = await createBulkFiles(counted().linesOf).get(2026)
    expect(other.body.equals(one.body)).toBe(true)
    expect(other.etag).toBe(one.etag)
  })
})

describe('a bulk file kept long', () => {
  it('is made again once older than its age limit, though no change was heard', async () => {
    let clock = 0
    const source = counted()
    const files = createBulkFiles(source.linesOf, {
      maxAgeMs: 300_000,
      now: () => clock,
    })
    await files.get(2026)
    clock = 300_000
    await files.get(2026)
    expect(source.made.get(2026)).toBe(1)
    clock = 300_001
    expect(text((await files.get(2026)).body)).toContain('"making":2')
  })
})
