import type { Plugin } from 'vite'

import { EDITOR_SLIDER_STEP_PERCENT } from '#common/constants/ui.ts'

const THEME = /\/tinymce\/themes\/silver\/theme\.js$/
// The defaults of TinyMCE's Slider (Alloy): 1 per arrow key, 10 times that with Shift.
const SLIDER_DEFAULTS =
  /defaulted\('stepSize', 1\),(\s*)defaulted\('speedMultiplier', 10\),/g
// Shift keeps TinyMCE's own large step, 10 percent.
const LARGE_STEP_PERCENT = 10

// spec §9: 5 percent, as a TinyMCE 4 slider moved. TinyMCE 8's sliders move 1 percent and offer no
// option for it, so the build rewrites the default step of its Slider; it fails if TinyMCE's
// source changes.
export function tinymceSliderStep(): Plugin {
  return {
    name: 'tinymce-slider-step',
    enforce: 'pre',
    transform(code, id) {
      if (!THEME.test(id.split('?')[0] ?? '')) return null
      const found = code.match(SLIDER_DEFAULTS)?.length ?? 0
      if (found !== 1)
        throw new Error(
          `TinyMCE's Slider defaults appear ${found} times in ${id}, not once: adapt tinymce-slider-step.ts to this TinyMCE`,
        )
      return {
        code: code.replace(
          SLIDER_DEFAULTS,
          `defaulted('stepSize', ${EDITOR_SLIDER_STEP_PERCENT}),$1defaulted('speedMultiplier', ${LARGE_STEP_PERCENT / EDITOR_SLIDER_STEP_PERCENT}),`,
        ),
        map: null,
      }
    },
  }
}
