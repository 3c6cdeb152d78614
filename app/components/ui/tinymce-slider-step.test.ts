import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

import { describe, expect, it } from 'vitest'

import { tinymceSliderStep } from './tinymce-slider-step.ts'

const THEME = createRequire(import.meta.url).resolve(
  'tinymce/themes/silver/theme.js',
)

function transform(code: string, id: string) {
  const { transform } = tinymceSliderStep()
  if (typeof transform !== 'function') throw new Error('no transform hook')
  // The hook uses no plugin context.
  return transform.call(
    undefined as unknown as ThisParameterType<typeof transform>,
    code,
    id,
  ) as { code: string } | null
}

describe('the build of the editor (spec §9 keyboard slider step)', () => {
  it("rewrites the installed TinyMCE Slider's default step to 5, with Shift at 10", async () => {
    const source = await readFile(THEME, 'utf8')
    const built = transform(source, THEME)?.code ?? ''
    expect(built).toContain("defaulted('stepSize', 5)")
    expect(built).toContain("defaulted('speedMultiplier', 2)")
    expect(built).not.toContain("defaulted('stepSize', 1)")
  })

  it('fails the build when a TinyMCE version no longer has those defaults', () => {
    expect(() => transform('(function () {})()', THEME)).toThrow(
      /adapt tinymce-slider-step\.ts/,
    )
  })

  it('leaves every other file alone', () => {
    expect(
      transform("defaulted('stepSize', 1),", '/app/components/ui/x.ts'),
    ).toBeNull()
  })
})
