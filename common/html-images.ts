import type { z } from 'zod'

// A tag's text, from "<img" to the ">" that closes it; found with indexOf, so the scan stays
// linear in the body's length whatever it holds.
function* imageTags(html: string): Generator<string> {
  const start = /<img/gi
  for (let found = start.exec(html); found; found = start.exec(html)) {
    const end = html.indexOf('>', found.index)
    if (end === -1) return yield html.slice(found.index)
    yield html.slice(found.index, end + 1)
    start.lastIndex = end + 1
  }
}

const SOURCE = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i
// An address with a scheme (https:, http:, ftp:…) or a host ("//host", which a browser also
// reads in "/\\host"); data: and blob: pictures are the page's own bytes, which the CSP allows.
const OUTSIDE = /^(?:(?!data:|blob:)[a-z][a-z0-9+.-]*:|[/\\]{2})/i

/**
 * The first picture address in `html` that is not a path of this site (`/files/…`), such as
 * `https://other.example/a.png`; null when there is none. The public pages' CSP allows pictures
 * only from the portal's own origin (img-src 'self' data: blob:), so an outside picture would be
 * published and then never shown (docs/decisions/0068-pictures-only-from-this-site.md).
 */
export function outsideImageSource(html: string): string | null {
  for (const tag of imageTags(html)) {
    const match = SOURCE.exec(tag)
    const source = (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim()
    // A browser drops tabs and line breaks anywhere in an address.
    if (OUTSIDE.test(source.replace(/[\t\n\r]/g, ''))) return source
  }
  return null
}

/** A zod check refusing a body with an outside picture; `label` names the field, e.g. 正文. */
export const withOwnImages =
  (label: string) => (html: string, ctx: z.RefinementCtx) => {
    const source = outsideImageSource(html)
    if (source === null) return
    const shown = source.length > 120 ? `${source.slice(0, 120)}…` : source
    ctx.addIssue({
      code: 'custom',
      message: `${label}中的图片须先上传到本站（不能引用外部网址的图片）：${shown}`,
    })
  }
