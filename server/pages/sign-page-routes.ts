import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify'
import { z } from 'zod'

import { type SealHolder, SignPageFormSchema } from '#common/schemas/signing.ts'
import { fileUrl } from '#server/files/file-record.ts'
import { answerFor } from '#server/shared/error-handler.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import {
  renderSignDone,
  renderSignForm,
  renderSignProblem,
  SIGN_PAGE_CSP,
} from './sign-page.ts'
import {
  completeSigningSession,
  findReturnPath,
  type OpenSession,
  openSigningSession,
  purposeOf,
  type SigningDeps,
} from '#server/signing/signing-service.ts'

const TokenQuerySchema = z.object({ token: z.string().max(64).default('') })

// Fields a client adds are dropped: the holder is the one the session was opened for.
const SignFormFieldsSchema = z.object({ token: z.string().default('') })

const MSG_LINK_INVALID = '签章链接无效，请回到原页面重新点击签章'

const html = z.string().describe('text/html')

function sendHtml(reply: FastifyReply, status: number, page: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', SIGN_PAGE_CSP)
    .send(page)
}

// The CA's own site in a real deployment. The holder is decided by the server from what it
// stored for the document, shown, not typed.
export const signPageRoutes: FastifyPluginAsync<SigningDeps> = async (
  scope,
  deps,
) => {
  const app = withZodSchemas(scope)
  app.setErrorHandler(async (error: FastifyError | Refusal, request, reply) => {
    const { status, message } = answerFor(error, request)
    const token = String(
      (request.body as { token?: unknown } | undefined)?.token ??
        (request.query as { token?: unknown } | undefined)?.token ??
        '',
    )
    const back = await findReturnPath(deps.db, token).catch(() => null)
    return sendHtml(reply, status, renderSignProblem(message, back))
  })
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    },
  )

  const view = (session: OpenSession, token: string) =>
    renderSignForm({
      token,
      fileName: session.fileName,
      fileUrl: fileUrl(session.fileId, session.fileName),
      purpose: purposeOf(session.signType),
      holder: session.holder,
      returnPath: session.returnPath,
    })

  app.get(
    '/ca/sign',
    {
      schema: {
        querystring: TokenQuerySchema,
        response: { 200: html, '4xx': html, '5xx': html },
      },
    },
    async (request, reply) => {
      const { token } = request.query
      if (!SignPageFormSchema.safeParse({ token }).success)
        throw new Refusal(404, MSG_LINK_INVALID)
      const session = await openSigningSession(deps.db, token)
      return sendHtml(reply, 200, view(session, token))
    },
  )

  app.post(
    '/ca/sign',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        body: SignFormFieldsSchema,
        response: { 200: html, '4xx': html, '5xx': html },
      },
    },
    async (request, reply) => {
      const form = SignPageFormSchema.safeParse(request.body)
      if (!form.success) throw new Refusal(404, MSG_LINK_INVALID)
      const { token } = form.data
      let holder: SealHolder | undefined
      const saved = await completeSigningSession(
        deps,
        token,
        async (session, original) => {
          holder = session.holder
          return (
            await deps.provider.sealPdf(
              original,
              {
                name: session.holder.name,
                kind: session.holder.kind,
                ...(session.holder.idNumber
                  ? { idNumber: session.holder.idNumber }
                  : {}),
              },
              { purpose: purposeOf(session.signType) },
            )
          ).bytes
        },
      )
      request.log.info(
        { fileId: saved.id, signer: holder?.name },
        'document sealed',
      )
      const back = await findReturnPath(deps.db, token)
      return sendHtml(
        reply,
        200,
        renderSignDone(fileUrl(saved.id, saved.name), back),
      )
    },
  )
}
