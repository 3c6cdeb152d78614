import { createHash } from 'node:crypto'

import { MSG_SIGN_SUCCESS } from '#common/messages.ts'
import { type SignerKind } from '#common/schemas/signing.ts'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.6 "Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#1f1f1f;background:#f3f5f8}
main{max-width:560px;margin:40px auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 2px 10px rgba(0,0,0,.08)}
h1{margin:0 0 8px;font-size:24px;color:#a8071a}
p{margin:8px 0}
.doc{padding:12px 16px;margin:16px 0;background:#fafafa;border:1px solid #e5e5e5;border-radius:6px}
a{color:#0050b3}
fieldset{border:0;margin:16px 0 0;padding:0}
legend,label{display:block;font-weight:600;margin:16px 0 6px}
.choice{display:inline-flex;align-items:center;gap:6px;margin:0 24px 0 0;font-weight:400}
input[type=text]{width:100%;padding:10px 12px;font:inherit;border:1px solid #8c8c8c;border-radius:6px}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #1677ff;outline-offset:2px}
.hint{margin:4px 0 0;font-size:14px;color:#595959}
.error{margin:4px 0 0;font-size:14px;color:#a8071a}
.alert{padding:12px 16px;margin:16px 0;border:1px solid #ffa39e;background:#fff1f0;border-radius:6px;color:#820014}
button{margin-top:24px;width:100%;padding:12px;font:inherit;font-weight:600;color:#fff;background:#a8071a;border:0;border-radius:6px;cursor:pointer}
.done h1{color:#135200}
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

export type SignFormView = {
  token: string
  fileName: string
  fileUrl: string
  purpose: string
  values: { kind: SignerKind; name: string; idNumber: string }
  errors: Partial<Record<'name' | 'idNumber' | 'form', string>>
}

function field(
  id: 'name' | 'idNumber',
  label: string,
  hint: string,
  view: SignFormView,
) {
  const error = view.errors[id]
  const describedBy = [`${id}-hint`, error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')
  return `<label for="${id}">${label}</label>
<input type="text" id="${id}" name="${id}" value="${escapeHtml(view.values[id])}" required maxlength="40" autocomplete="off" aria-describedby="${describedBy}"${error ? ' aria-invalid="true"' : ''}>
<p class="hint" id="${id}-hint">${hint}</p>
${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}`
}

/** The signing page: which document, a preview link, and the signer to confirm. */
export function renderSignForm(view: SignFormView): string {
  const checked = (kind: SignerKind) =>
    view.values.kind === kind ? ' checked' : ''
  const formError = view.errors.form
    ? `<div class="alert" role="alert">${escapeHtml(view.errors.form)}</div>`
    : Object.keys(view.errors).length > 0
      ? '<div class="alert" role="alert">请修改下面标出的内容后再确认签章</div>'
      : ''
  return page(
    '电子签章',
    `<h1>电子签章</h1>
<p>请核对要签章的文件，填写签章主体后点击“确认签章”。签章将加盖“${escapeHtml(view.purpose)}”。</p>
<div class="doc">
<p>文件：<strong>${escapeHtml(view.fileName)}</strong></p>
<p><a href="${escapeHtml(view.fileUrl)}" target="_blank" rel="noopener">预览文件（在新窗口打开）</a></p>
</div>
${formError}
<form method="post" action="/ca/sign" novalidate>
<input type="hidden" name="token" value="${escapeHtml(view.token)}">
<fieldset>
<legend>签章主体类型</legend>
<label class="choice"><input type="radio" name="kind" value="organisation"${checked('organisation')}> 单位（法人或其他组织）</label>
<label class="choice"><input type="radio" name="kind" value="person"${checked('person')}> 个人（自然人）</label>
</fieldset>
${field('name', '签章主体名称', '单位填写全称，个人填写姓名；将刻在印章上，须与投诉人名称一致', view)}
${field('idNumber', '证件号码', '单位填写18位统一社会信用代码，个人填写18位居民身份证号码', view)}
<button type="submit">确认签章</button>
</form>`,
  )
}

/** After the seal: the signer returns to the portal's window and clicks 确认. */
export function renderSignDone(signedFileUrl: string): string {
  return page(
    MSG_SIGN_SUCCESS,
    `<h1>${MSG_SIGN_SUCCESS}</h1>
<p>您可以关闭本页面，回到原页面点击“确认”完成签章。</p>
<p><a href="${escapeHtml(signedFileUrl)}" target="_blank" rel="noopener">查看已签章文件（在新窗口打开）</a></p>`,
    'done',
  )
}

/** A link that cannot be used (unknown, expired, used): say so and what to do. */
export function renderSignProblem(message: string): string {
  return page(
    '无法签章',
    `<h1>无法签章</h1>
<div class="alert" role="alert">${escapeHtml(message)}</div>
<p>您可以关闭本页面。</p>`,
  )
}
