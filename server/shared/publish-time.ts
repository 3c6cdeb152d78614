// China has kept UTC+8 without daylight saving since 1991, so a fixed offset is exact and
// avoids depending on the host's time zone or ICU data.
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai: how every time is stored and sent (schemas/article.ts). */
export function toShanghaiText(date: Date): string {
  return new Date(date.getTime() + SHANGHAI_OFFSET_MS)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ')
}

/** The instant of a stored 'YYYY-MM-DD HH:mm:ss' Asia/Shanghai text. */
export function fromShanghaiText(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}+08:00`)
}

/** 00:00:00 of the Shanghai day that contains `date`. */
export function startOfShanghaiDay(date: Date): Date {
  return fromShanghaiText(`${toShanghaiText(date).slice(0, 10)} 00:00:00`)
}
