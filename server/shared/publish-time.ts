// China has kept UTC+8 without daylight saving since 1991, so a fixed offset is exact and
// avoids depending on the host's time zone or ICU data.
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000

// How every time is stored and sent (schemas/article.ts).
export function toShanghaiText(date: Date): string {
  return new Date(date.getTime() + SHANGHAI_OFFSET_MS)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ')
}

export function fromShanghaiText(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}+08:00`)
}

export function startOfShanghaiDay(date: Date): Date {
  return fromShanghaiText(`${toShanghaiText(date).slice(0, 10)} 00:00:00`)
}
