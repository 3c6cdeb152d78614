import { Resvg } from '@resvg/resvg-js'
import svgCaptcha from 'svg-captcha'

import { type ExpiringStore } from '#server/shared/expiring-store.ts'

/** How long a captcha can be answered. */
export const CAPTCHA_TTL_MS = 5 * 60_000
/**
 * Digits and capitals without the look-alikes (0/O/D/Q, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V): easy
 * to read for visitors who do not use the Latin alphabet daily. Answers are case-insensitive.
 */
export const CAPTCHA_CHARACTERS = '34679ACEFHJKMNPRTWXY'
const LENGTH = 4

const key = (id: string) => `captcha:${id}`

/** A new challenge: its answer and the image as PNG (the library draws glyphs as paths). */
export function drawCaptcha(): { answer: string; png: Buffer } {
  const captcha = svgCaptcha.create({
    size: LENGTH,
    charPreset: CAPTCHA_CHARACTERS,
    noise: 2,
    // Grey glyphs: with colour the library picks light hues that read poorly on a light ground.
    color: false,
    width: 120,
    height: 40,
    fontSize: 46,
  })
  // Twice the CSS size, so the image stays sharp on high-density screens.
  const png = new Resvg(captcha.data, {
    fitTo: { mode: 'width', value: 240 },
    background: '#f4f7fb',
  })
    .render()
    .asPng()
  return { answer: captcha.text, png: Buffer.from(png) }
}

/** Draws a captcha for the client's id (`t`), replacing any earlier one under that id. */
export async function issueCaptcha(
  store: ExpiringStore,
  id: string,
): Promise<Buffer> {
  const { answer, png } = drawCaptcha()
  await store.set(key(id), answer, CAPTCHA_TTL_MS)
  return png
}

/**
 * true when the answer is right. Any attempt, right or wrong, uses the captcha up: a guess
 * costs a new image, so answers cannot be tried one after another.
 */
export async function solveCaptcha(
  store: ExpiringStore,
  id: string,
  answer: string,
): Promise<boolean> {
  const expected = await store.take(key(id))
  return expected !== null && expected === answer.trim().toUpperCase()
}

/** The current answer without using it up: only for the test hook (test-hook-routes.ts). */
export function peekCaptcha(
  store: ExpiringStore,
  id: string,
): Promise<string | null> {
  return store.get(key(id))
}
