import { createHash } from 'node:crypto'

import { MSG_SIGN_SUCCESS } from '#common/messages.ts'
import type { SealHolder } from '#common/schemas/signing.ts'
import { maskIdNumber } from '#common/text.ts'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.6 "Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#1f1f1f;background:#f3f5f8}
main{max-width:560px;margin:40px auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 2px 10px rgba(0,0,0,.08)}
h1{margin:0 0 8px;font-size:24px;color:#a8071a}
h2{margin:0 0 8px;font-size:17px}
p{margin:8px 0}
.doc,.holder{padding:12px 16px;margin:16px 0;background:#fafafa;border:1px solid #e5e5e5;border-radius:6px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
dt{color:#595959}
dd{margin:0;overflow-wrap:anywhere}
a{color:#0050b3}
a:focus-visible,button:focus-visible{outline:3px solid #1677ff;outline-offset:2px}
.hint{margin:8px 0 0;font-size:14px;color:#595959}
.alert{padding:12px 16px;margin:16px 0;border:1px solid #ffa39e;background:#fff1f0;border-radius:6px;color:#820014}
button,.back{display:block;margin-top:24px;width:100%;padding:12px;font:inherit;font-weight:600;text-align:center;text-decoration:none;color:#fff;background:#a8071a;border:0;border-radius:6px;cursor:pointer}
.center{text-align:center;margin-top:16px}
.done h1{color:#135200}
.done .back{background:#135200}
@media (max-width:600px){main{margin:0;border-radius:0;padding:20px;min-height:100vh}}
`

/** The page's only inline code is its style sheet, allowed by hash: no script at all. */
export const SIGN_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

function page(title: string, body: string, className = ''): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main class="${className}">
${body}
</main>
</body>
</html>`
}

type SignFormView = {
  token: string
  fileName: string
  fileUrl: string
  purpose: string
  // From what the server stored for the document, never typed.
  holder: SealHolder
  returnPath: string | null
}

const kindLabel = (holder: SealHolder) =>
  holder.kind === 'person' ? '个人（自然人）' : '单位（法人或其他组织）'
const idLabel = (holder: SealHolder) =>
  holder.kind === 'person' ? '居民身份证号码' : '统一社会信用代码'

const backLink = (returnPath: string, text: string, className = 'back') =>
  `<a class="${className}" href="${escapeHtml(returnPath)}">${escapeHtml(text)}</a>`

export function renderSignForm(view: SignFormView): string {
  const { holder } = view
  const idRow = holder.idNumber
    ? `<dt>${idLabel(holder)}</dt><dd>${escapeHtml(maskIdNumber(holder.idNumber))}</dd>`
    : ''
  const back = view.returnPath
    ? `<p class="center">${backLink(view.returnPath, '暂不签章，返回投诉页面', 'quiet')}</p>`
    : ''
  return page(
    '电子签章',
    `<h1>电子签章</h1>
<p>请核对要签章的文件和签章主体，无误后点击“确认签章”。签章将加盖“${escapeHtml(view.purpose)}”。</p>
<div class="doc">
<p>文件：<strong>${escapeHtml(view.fileName)}</strong></p>
<p><a href="${escapeHtml(view.fileUrl)}" target="_blank" rel="noopener">预览文件（在新窗口打开）</a></p>
</div>
<section class="holder" aria-labelledby="holder-title">
<h2 id="holder-title">签章主体</h2>
<dl>
<dt>名称</dt><dd><strong>${escapeHtml(holder.name)}</strong></dd>
<dt>类型</dt><dd>${kindLabel(holder)}</dd>
${idRow}
</dl>
<p class="hint">签章主体取自投诉书上的投诉人，无需填写。如有误，请返回投诉页面修改投诉人信息，重新生成投诉书后再签章。</p>
</section>
<form method="post" action="/ca/sign">
<input type="hidden" name="token" value="${escapeHtml(view.token)}">
<button type="submit">确认签章</button>
</form>
${back}`,
  )
}

// Opened in a new window, the signer returns to the portal's window and clicks 确认.
export function renderSignDone(
  signedFileUrl: string,
  returnPath: string | null,
): string {
  const next = returnPath
    ? `<p>请返回投诉页面，核对后提交投诉。</p>
<p>${backLink(returnPath, '返回投诉页面')}</p>`
    : '<p>您可以关闭本页面，回到原页面点击“确认”完成签章。</p>'
  return page(
    MSG_SIGN_SUCCESS,
    `<h1>${MSG_SIGN_SUCCESS}</h1>
${next}
<p><a href="${escapeHtml(signedFileUrl)}" target="_blank" rel="noopener">查看已签章文件（在新窗口打开）</a></p>`,
    'done',
  )
}

export function renderSignProblem(
  message: string,
  returnPath: string | null = null,
): string {
  const next = returnPath
    ? `<p>${backLink(returnPath, '返回投诉页面')}</p>`
    : '<p>您可以关闭本页面。</p>'
  return page(
    '无法签章',
    `<h1>无法签章</h1>
<div class="alert" role="alert">${escapeHtml(message)}</div>
${next}`,
  )
}
