// The image captcha's drawing, loaded with the first captcha (captcha.ts).
import { randomInt } from 'node:crypto'
import { createRequire } from 'node:module'

import { Resvg } from '@resvg/resvg-js'
import svgCaptcha from 'svg-captcha'

// No look-alikes (0/O/D/Q, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V): easy to read for visitors who do not
// use the Latin alphabet daily.
export const CAPTCHA_CHARACTERS = '34679ACEFHJKMNPRTWXY'
const LENGTH = 4
/** The size the page shows the image at, in CSS pixels; the PNG has twice as many. */
const CAPTCHA_WIDTH = 168
const CAPTCHA_HEIGHT = 56

// The library's types declare only `create`, which picks the text with Math.random; the answer is
// drawn here from the system's secure generator instead.
const drawText = svgCaptcha as unknown as (
  text: string,
  options: NonNullable<Parameters<typeof svgCaptcha.create>[0]>,
) => string

// A plain bold sans serif (Liberation Sans, OFL, shipped with pdf.js) instead of the library's
// hand-drawn default, whose wobbly strokes made letters hard to tell apart.
svgCaptcha.loadFont(
  createRequire(import.meta.url).resolve(
    'pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf',
  ),
)

// Keeps each glyph's outline from being matched as drawn.
function ripple(svg: string): string {
  const seed = randomInt(1, 100_000)
  const filter = `<defs><filter id="r" x="-5%" y="-5%" width="110%" height="110%"><feTurbulence type="fractalNoise" baseFrequency="0.03 0.05" numOctaves="1" seed="${seed}"/><feDisplacementMap in="SourceGraphic" scale="5" xChannelSelector="R" yChannelSelector="G"/></filter></defs><g filter="url(#r)">`
  const open = svg.indexOf('>') + 1
  return `${svg.slice(0, open)}${filter}${svg.slice(open, -'</svg>'.length)}</g></svg>`
}

export function drawCaptcha(): { answer: string; png: Buffer } {
  const answer = Array.from(
    { length: LENGTH },
    () => CAPTCHA_CHARACTERS[randomInt(CAPTCHA_CHARACTERS.length)]!,
  ).join('')
  const svg = drawText(answer, {
    noise: 2,
    color: false,
    width: CAPTCHA_WIDTH,
    height: CAPTCHA_HEIGHT,
    fontSize: 42,
  })
  // Twice the CSS size, so the image stays sharp on high-density screens.
  const png = new Resvg(ripple(svg), {
    fitTo: { mode: 'width', value: CAPTCHA_WIDTH * 2 },
    background: '#f4f7fb',
  })
    .render()
    .asPng()
  return { answer, png: Buffer.from(png) }
}
