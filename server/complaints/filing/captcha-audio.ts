import { randomInt } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'

// Without one and seven (yī and qī sound alike). Six of eight give 262,144 answers, more than the
// image's four of twenty (160,000): the spoken alternative is no easier to guess.
export const AUDIO_CAPTCHA_DIGITS = '02345689'
const AUDIO_CAPTCHA_LENGTH = 6

/** Output: 16 kHz mono 16-bit PCM, which every browser plays as WAV. */
const RATE = 16_000

type Clip = { rate: number; samples: Float32Array }

// The recordings sit beside this module in the sources; the server bundle
// (build/portal/main.js) is elsewhere, so they are found from the package root.
function voiceDir(): string {
  let dir = import.meta.dirname
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('未找到 package.json')
    dir = parent
  }
  return path.join(dir, 'server', 'complaints', 'filing', 'captcha-voice')
}

function readWav(bytes: Buffer): Clip {
  let offset = 12
  let rate = 0
  let data: Buffer | undefined
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4)
    // A chunk said to run past the end of the file is read to the end.
    const size = Math.min(
      bytes.readUInt32LE(offset + 4),
      bytes.length - offset - 8,
    )
    if (id === 'fmt ') {
      const format = bytes.readUInt16LE(offset + 8)
      const channels = bytes.readUInt16LE(offset + 10)
      const bits = bytes.readUInt16LE(offset + 22)
      if (format !== 1 || channels !== 1 || bits !== 16)
        throw new Error('语音验证码录音须为16位单声道PCM')
      rate = bytes.readUInt32LE(offset + 12)
    }
    if (id === 'data') data = bytes.subarray(offset + 8, offset + 8 + size)
    offset += 8 + size + (size % 2)
  }
  if (!rate || !data) throw new Error('语音验证码录音格式无效')
  const all = new Float32Array(data.length >> 1)
  for (let i = 0; i < all.length; i++) all[i] = data.readInt16LE(i * 2) / 32768
  const loud = (x: number) => Math.abs(x) > 0.01
  const start = all.findIndex(loud)
  const end = all.findLastIndex(loud) + 1
  const samples = all.slice(Math.max(0, start), end)
  const peak = samples.reduce((max, x) => Math.max(max, Math.abs(x)), 0)
  for (let i = 0; i < samples.length; i++) samples[i]! /= peak || 1
  return { rate, samples }
}

let voice: Promise<Map<string, Clip>> | undefined

// scripts/make-captcha-voice.sh made the recordings.
function loadVoice(): Promise<Map<string, Clip>> {
  voice ??= Promise.all(
    Array.from(AUDIO_CAPTCHA_DIGITS, async (digit) => {
      const bytes = await readFile(path.join(voiceDir(), `${digit}.wav`))
      return [digit, readWav(bytes)] as const
    }),
  )
    .then((entries) => new Map(entries))
    .catch((error: unknown) => {
      voice = undefined
      throw error
    })
  return voice
}

const between = (min: number, max: number) =>
  min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min)

// Linear interpolation is plenty for speech at this rate.
function resample(clip: Clip, speed: number, reverse = false): Float32Array {
  const step = (clip.rate / RATE) * speed
  const out = new Float32Array(Math.floor(clip.samples.length / step))
  for (let i = 0; i < out.length; i++) {
    const at = i * step
    const j = Math.floor(at)
    const a = clip.samples[j] ?? 0
    const b = clip.samples[j + 1] ?? a
    out[reverse ? out.length - 1 - i : i] = a + (b - a) * (at - j)
  }
  return out
}

function addInto(
  target: Float32Array,
  source: Float32Array,
  at: number,
  gain: number,
) {
  for (let i = 0; i < source.length && at + i < target.length; i++)
    target[at + i]! += source[i]! * gain
}

function toWav(samples: Float32Array): Buffer {
  const wav = Buffer.alloc(44 + samples.length * 2)
  wav.write('RIFF', 0, 'ascii')
  wav.writeUInt32LE(36 + samples.length * 2, 4)
  wav.write('WAVEfmt ', 8, 'ascii')
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20) // PCM
  wav.writeUInt16LE(1, 22) // mono
  wav.writeUInt32LE(RATE, 24)
  wav.writeUInt32LE(RATE * 2, 28)
  wav.writeUInt16LE(2, 32)
  wav.writeUInt16LE(16, 34)
  wav.write('data', 36, 'ascii')
  wav.writeUInt32LE(samples.length * 2, 40)
  for (let i = 0; i < samples.length; i++) {
    const x = Math.max(-1, Math.min(1, samples[i]!))
    wav.writeInt16LE(Math.round(x * 32767), 44 + i * 2)
  }
  return wav
}

// The variation keeps the recordings from being matched sample by sample.
export async function drawAudioCaptcha(): Promise<{
  answer: string
  bytes: Buffer
}> {
  const clips = await loadVoice()
  const answer = Array.from(
    { length: AUDIO_CAPTCHA_LENGTH },
    () => AUDIO_CAPTCHA_DIGITS[randomInt(AUDIO_CAPTCHA_DIGITS.length)]!,
  ).join('')
  const spoken = Array.from(answer, (digit) =>
    resample(clips.get(digit)!, between(0.9, 1.1)),
  )
  const pauses = spoken.map(() => Math.round(between(0.45, 0.8) * RATE))
  const lead = Math.round(between(0.4, 0.7) * RATE)
  const length =
    lead +
    spoken.reduce((sum, clip, i) => sum + clip.length + pauses[i]!, 0) +
    Math.round(0.3 * RATE)
  const out = new Float32Array(length)
  for (let i = 0; i < out.length; i++) out[i] = between(-0.03, 0.03)
  // The murmur: reversed digits, far below the voice, anywhere in the recording.
  const keys = [...clips.keys()]
  for (let n = 0; n < 6; n++) {
    const clip = clips.get(keys[randomInt(keys.length)]!)!
    const murmur = resample(clip, between(0.8, 1.2), true)
    addInto(out, murmur, randomInt(Math.max(1, length - murmur.length)), 0.12)
  }
  let at = lead
  spoken.forEach((clip, i) => {
    addInto(out, clip, at, between(0.7, 0.85))
    at += clip.length + pauses[i]!
  })
  return { answer, bytes: toWav(out) }
}
