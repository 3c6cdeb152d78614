import { type FastifyPluginAsync, type FastifyReply } from 'fastify'
import { z } from 'zod'

import {
  SignerSchema,
  SignPageFormSchema,
  type SignerKind,
} from '#common/schemas/signing.ts'
import { fileUrl } from '#server/files/file-record.ts'

import {
  renderSignDone,
  renderSignForm,
  renderSignProblem,
  SIGN_PAGE_CSP,
  type SignFormView,
} from './sign-page.ts'
import {
  completeSigningSession,
  openSigningSession,
  purposeOf,
  type SigningDeps,
  SigningError,
} from '#server/signing/signing-service.ts'
import { UnsealablePdfError } from '#server/signing/seal-pdf.ts'

const TokenQuerySchema = z.object({ token: z.string().max(64).default('') })

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', SIGN_PAGE_CSP)
    .send(html)
}

/**
 * The built-in signing page at /ca/sign (the CA's own site in a real deployment): a small
 * server-rendered page outside the React app, without script. GET shows the document and the
 * signer form; POST seals the document and completes the session like the CA's upload
 * callback would.
 */
export const signPageRoutes: FastifyPluginAsync<SigningDeps> = async (
  app,
  deps,
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    },
  )

  const view = async (
    token: string,
    values: SignFormView['values'],
    errors: SignFormView['errors'],
  ) => {
    const session = await openSigningSession(deps.db, token)
    return renderSignForm({
      token,
      fileName: session.fileName,
      fileUrl: fileUrl(session.fileId, session.fileName),
      purpose: purposeOf(session.signType),
      values,
      errors,
    })
  }

  app.get('/ca/sign', async (request, reply) => {
    const { token } = TokenQuerySchema.parse(request.query)
    try {
      const html = await view(
        token,
        { kind: 'organisation', name: '', idNumber: '' },
        {},
      )
      return sendHtml(reply, 200, html)
    } catch (error) {
      if (error instanceof SigningError)
        return sendHtml(reply, error.state, renderSignProblem(error.message))
      throw error
    }
  })

  app.post(
    '/ca/sign',
    { config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, string | undefined>
      const values = {
        kind: (body.kind === 'person'
          ? 'person'
          : 'organisation') as SignerKind,
        name: String(body.name ?? '').slice(0, 200),
        idNumber: String(body.idNumber ?? '').slice(0, 64),
      }
      const form = SignPageFormSchema.safeParse(body)
      const signer = SignerSchema.safeParse(values)
      try {
        if (!form.success || !signer.success) {
          const errors: SignFormView['errors'] = {}
          for (const issue of [
            ...(form.error?.issues ?? []),
            ...(signer.error?.issues ?? []),
          ]) {
            const key = issue.path[0]
            if (key === 'name' || key === 'idNumber')
              errors[key] ??= issue.message
            else if (key === 'token')
              throw new SigningError(
                404,
                '签章链接无效，请回到原页面重新点击签章',
              )
          }
          // 200: the form again, with the mistakes marked, is an ordinary page to the signer.
          return sendHtml(
            reply,
            200,
            await view(String(body.token), values, errors),
          )
        }
        const saved = await completeSigningSession(
          deps,
          form.data.token,
          async (session, original) =>
            (
              await deps.provider.sealPdf(original, signer.data, {
                purpose: purposeOf(session.signType),
              })
            ).bytes,
        )
        request.log.info(
          { fileId: saved.id, signer: signer.data.name },
          'document sealed',
        )
        return sendHtml(
          reply,
          200,
          renderSignDone(fileUrl(saved.id, saved.name)),
        )
      } catch (error) {
        if (error instanceof UnsealablePdfError)
          return sendHtml(reply, 400, renderSignProblem(error.message))
        if (error instanceof SigningError)
          return sendHtml(reply, error.state, renderSignProblem(error.message))
        throw error
      }
    },
  )
}
