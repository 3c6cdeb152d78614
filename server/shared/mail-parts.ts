// A mail as a list of parts, written once as plain text and once as HTML, so both say the same.

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

export type MailItem = { title: string; url: string; detail: string }

export type MailPart =
  | { text: string }
  | { facts: { label: string; value: string }[] }
  | { link: string; label: string }
  | { items: MailItem[] }

export function renderMailParts(parts: MailPart[]): {
  text: string
  html: string
} {
  const text: string[] = []
  const html: string[] = []
  for (const part of parts) {
    if ('text' in part) {
      text.push(part.text)
      html.push(`<p>${escapeHtml(part.text)}</p>`)
    } else if ('facts' in part) {
      text.push(part.facts.map((f) => `${f.label}：${f.value}`).join('\n'))
      html.push(
        `<ul>${part.facts
          .map((f) => `<li>${escapeHtml(f.label)}：${escapeHtml(f.value)}</li>`)
          .join('')}</ul>`,
      )
    } else if ('link' in part) {
      text.push(`${part.label}：\n${part.link}`)
      html.push(
        `<p><a href="${escapeHtml(part.link)}">${escapeHtml(part.label)}</a></p>`,
      )
    } else {
      text.push(
        part.items
          .map(
            (item, index) =>
              `${index + 1}. ${item.title}\n   ${item.detail}\n   ${item.url}`,
          )
          .join('\n\n'),
      )
      html.push(
        `<ol>${part.items
          .map(
            (item) =>
              `<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.title)}</a><br>${escapeHtml(item.detail)}</li>`,
          )
          .join('')}</ol>`,
      )
    }
  }
  return {
    text: `${text.join('\n\n')}\n`,
    html: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"></head><body>${html.join('')}</body></html>`,
  }
}
