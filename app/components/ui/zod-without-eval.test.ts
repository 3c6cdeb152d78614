// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'

const originalFunction = globalThis.Function

afterEach(() => {
  globalThis.Function = originalFunction
})

describe('zod in the browser', () => {
  it('parses objects without compiling code, as the CSP demands, once the page has set it up', async () => {
    // The page's setup runs before zod is loaded, as root.tsx imports it first.
    await import('./zod-without-eval.ts')
    const { z } = await import('zod')
    expect(z.config().jitless).toBe(true)

    let compiled = 0
    globalThis.Function = new Proxy(originalFunction, {
      construct(target, args) {
        compiled++
        return Reflect.construct(target, args)
      },
      apply(target, self, args) {
        compiled++
        return Reflect.apply(target, self, args)
      },
    })
    const schema = z.object({ title: z.string(), page: z.number() })
    for (let i = 0; i < 5; i++) schema.parse({ title: '公告', page: i })
    expect(compiled).toBe(0)
  })
})
