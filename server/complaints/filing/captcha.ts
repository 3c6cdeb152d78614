import type { ExpiringStore } from '#server/shared/expiring-store.ts'
import { drawAudioCaptcha } from './captcha-audio.ts'

export const CAPTCHA_TTL_MS = 5 * 60_000
const key = (id: string) => `captcha:${id}`

type CaptchaKind = 'image' | 'audio'

// Both forms are kept alike, under the same key, for five minutes and one attempt, so the spoken
// form is no easier way through.
export async function issueCaptcha(
  store: ExpiringStore,
  id: string,
  kind: CaptchaKind = 'image',
): Promise<Buffer> {
  const { answer, bytes } =
    kind === 'audio'
      ? await drawAudioCaptcha()
      : // The drawing libraries (some 20 MB) come with the first captcha, not with the server.
        (({ answer, png }) => ({ answer, bytes: png }))(
          (await import('./captcha-image.ts')).drawCaptcha(),
        )
  await store.set(key(id), answer, CAPTCHA_TTL_MS)
  return bytes
}

// Any attempt uses the captcha up: a guess costs a new image, so answers cannot be tried one after
// another.
export async function solveCaptcha(
  store: ExpiringStore,
  id: string,
  answer: string,
): Promise<boolean> {
  const expected = await store.take(key(id))
  // Full-width letters and digits, as a Chinese input method may type them, count as typed.
  return (
    expected !== null &&
    expected === answer.normalize('NFKC').replace(/\s/g, '').toUpperCase()
  )
}

/** The current answer without using it up: only for the test hook (test-hook-routes.ts). */
export function peekCaptcha(
  store: ExpiringStore,
  id: string,
): Promise<string | null> {
  return store.get(key(id))
}
