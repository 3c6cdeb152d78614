import { afterEach, vi } from 'vitest'

// console.error or console.warn fails a test unless the test expects it (style.md, Tests).
const calls: string[] = []
for (const level of ['error', 'warn'] as const) {
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    calls.push(`console.${level}: ${args.map(String).join(' ')}`)
  })
}
afterEach(() => {
  const seen = calls.splice(0)
  const expected = (globalThis as { expectConsole?: boolean }).expectConsole
  if (seen.length > 0 && !expected)
    throw new Error(`unexpected console output:\n${seen.join('\n')}`)
})
