import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify'
import { z } from 'zod'

import { displayModeCookie, DISPLAY_MODE_PATH } from '#common/display-mode.ts'
import { DisplayModeFormSchema } from '#common/schemas/display-mode.ts'
import { answerFor } from '#server/shared/error-handler.ts'
import type { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[
        c
      ]!,
  )

function refusalPage(message: string): string {
  return `<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>无法切换显示模式</title></head>
<body><main><h1>无法切换显示模式</h1><p role="alert">${escapeHtml(message)}</p>
<p><a href="/">返回首页</a></p></main></body></html>`
}

const html = z.string().describe('text/html')

function sendRefusal(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'")
    .send(refusalPage(message))
}

// Works without any script; the return address must be a path of this site or the switch is
// refused (400, nothing set).
export const displayModeRoutes: FastifyPluginAsync = async (scope) => {
  const app = withZodSchemas(scope)
  app.setErrorHandler(async (error: FastifyError | Refusal, request, reply) => {
    const { status, message } = answerFor(error, request)
    return sendRefusal(reply, status, message)
  })
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    },
  )
  app.post(
    DISPLAY_MODE_PATH,
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        body: DisplayModeFormSchema,
        response: { '4xx': html, '5xx': html },
      },
    },
    async (request, reply) => {
      const { mode, back } = request.body
      return reply
        .header(
          'set-cookie',
          displayModeCookie(mode, request.protocol === 'https'),
        )
        .header('cache-control', 'no-store')
        .redirect(back, 303)
    },
  )
}
