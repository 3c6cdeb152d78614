// @vitest-environment jsdom
import '#tests/jsdom-shims.ts'

import { cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import type { TinyMCE } from 'tinymce'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import TinymceEditor from './tinymce-editor.tsx'

// jsdom lacks CSS.escape, which TinyMCE applies to plain tag names, and a canvas, which the
// colour palette paints (jsdom would report each paint as not implemented).
beforeAll(() => {
  globalThis.CSS ??= { escape: (name: string) => name } as typeof CSS
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
})
afterAll(cleanup)

/** An arrow key as TinyMCE reads it: by `which`, which user-event leaves at 0. */
function press(element: Element, key: string, which: number, shiftKey = false) {
  fireEvent.keyDown(element, { key, keyCode: which, which, shiftKey })
  fireEvent.keyUp(element, { key, keyCode: which, which, shiftKey })
}

const hue = () =>
  Number(slider('.tox-hue-slider').getAttribute('aria-valuenow'))
const saturationAndBrightness = () =>
  (slider('.tox-sv-palette').getAttribute('aria-valuetext') ?? '')
    .match(/\d+/g)
    ?.map(Number)
function slider(selector: string) {
  const element = document.querySelector(selector)
  if (!element) throw new Error(`${selector} is not on the page`)
  return element
}

describe('the rich-text editor (spec §9)', () => {
  it('moves its sliders by 5 percent per arrow key', async () => {
    let isReady = false
    render(
      <TinymceEditor
        ariaLabel="投诉事项及事实依据"
        value="<p>投诉事项</p>"
        onReady={() => (isReady = true)}
      />,
    )
    await waitFor(() => expect(isReady).toBe(true), { timeout: 30_000 })
    // The dialog that 自定义颜色 opens under 文本颜色 and 背景颜色 (TinyMCE's colour picker).
    // jsdom gives the editing iframe no selection, so the toolbar stays disabled here.
    const { activeEditor } = (globalThis as unknown as { tinymce: TinyMCE })
      .tinymce
    activeEditor?.windowManager.open({
      title: '自定义颜色',
      body: {
        type: 'panel',
        items: [{ type: 'colorpicker', name: 'colorpicker', label: '颜色' }],
      },
      buttons: [],
      initialData: { colorpicker: '#ff0000' },
    })
    const hueRail = await waitFor(() => slider('.tox-hue-slider-spectrum'))

    // Red sits at the end of the hue slider (0°); one step up is 5% of 360°.
    press(hueRail, 'ArrowUp', 38)
    expect(hue()).toBe(18)
    press(hueRail, 'ArrowUp', 38)
    expect(hue()).toBe(36)
    press(hueRail, 'ArrowDown', 40)
    expect(hue()).toBe(18)
    // Shift keeps TinyMCE's large step of 10%.
    press(hueRail, 'ArrowUp', 38, true)
    expect(hue()).toBe(54)

    const palette = slider('.tox-sv-palette-spectrum')
    expect(saturationAndBrightness()).toEqual([100, 100])
    press(palette, 'ArrowLeft', 37)
    expect(saturationAndBrightness()).toEqual([95, 100])
    press(palette, 'ArrowDown', 40)
    expect(saturationAndBrightness()).toEqual([95, 95])
  })
})
