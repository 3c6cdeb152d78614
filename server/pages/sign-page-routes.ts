import {
  type FastifyError,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
import { z } from 'zod'

import {
  SignerSchema,
  SignPageFormSchema,
  type SignerKind,
} from '#common/schemas/signing.ts'
import { fileUrl } from '#server/files/file-record.ts'
import { answerFor } from '#server/shared/error-handler.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

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
} from '#server/signing/signing-service.ts'

const TokenQuerySchema = z.object({ token: z.string().max(64).default('') })

/**
 * The form as a browser posts it: text fields, any of them possibly empty. Whether they name a
 * signer is judged field by field below, so that each mistake is shown beside its field with
 * what was typed kept, not refused as a whole.
 */
const SignFormFieldsSchema = z.object({
  token: z.string().default(''),
  kind: z.string().default(''),
  name: z.string().default(''),
  idNumber: z.string().default(''),
})
type SignFormFields = z.output<typeof SignFormFieldsSchema>

const MSG_LINK_INVALID = '签章链接无效，请回到原页面重新点击签章'

// The signing page is a document: it answers HTML whatever happens.
const html = z.string().describe('text/html')

function sendHtml(reply: FastifyReply, status: number, page: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', SIGN_PAGE_CSP)
    .send(page)
}

/** Every refusal and failure of the signing page as a page saying what went wrong. */
function signPageErrorHandler(
  error: FastifyError | Refusal,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, message } = answerFor(error, request)
  return sendHtml(reply, status, renderSignProblem(message))
}

/**
 * The form's values to show again and the mistakes to show beside them; with none, the token and
 * the signer to seal as.
 */
function checkForm(form: SignFormFields) {
  const values: SignFormView['values'] = {
    kind: (form.kind === 'person' ? 'person' : 'organisation') as SignerKind,
    name: form.name.slice(0, 200),
    idNumber: form.idNumber.slice(0, 64),
  }
  const page = SignPageFormSchema.safeParse(form)
  const signer = SignerSchema.safeParse(values)
  const errors: SignFormView['errors'] = {}
  for (const issue of [
    ...(page.error?.issues ?? []),
    ...(signer.error?.issues ?? []),
  ]) {
    const key = issue.path[0]
    if (key === 'name' || key === 'idNumber') errors[key] ??= issue.message
    else if (key === 'token') throw new Refusal(404, MSG_LINK_INVALID)
  }
  const isValid = page.success && signer.success
  return {
    values,
    errors,
    valid: isValid ? { token: page.data.token, signer: signer.data } : null,
  }
}

/**
 * The built-in signing page at /ca/sign (the CA's own site in a real deployment): a small
 * server-rendered page outside the React app, without script. GET shows the document and the
 * signer form; POST seals the document and completes the session like the CA's upload
 * callback would.
 */
export const signPageRoutes: FastifyPluginAsync<SigningDeps> = async (
  scope,
  deps,
) => {
  const app = withZodSchemas(scope)
  app.setErrorHandler(signPageErrorHandler)
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

  app.get(
    '/ca/sign',
    {
      schema: {
        querystring: TokenQuerySchema,
        response: { 200: html, '4xx': html, '5xx': html },
      },
    },
    async (request, reply) => {
      const form = await view(
        request.query.token,
        { kind: 'organisation', name: '', idNumber: '' },
        {},
      )
      return sendHtml(reply, 200, form)
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
      const { values, errors, valid } = checkForm(request.body)
      if (!valid)
        // 200: the form again, with the mistakes marked, is an ordinary page to the signer.
        return sendHtml(
          reply,
          200,
          await view(request.body.token, values, errors),
        )
      const { token, signer } = valid
      const saved = await completeSigningSession(
        deps,
        token,
        async (session, original) =>
          (
            await deps.provider.sealPdf(original, signer, {
              purpose: purposeOf(session.signType),
            })
          ).bytes,
      )
      request.log.info(
        { fileId: saved.id, signer: signer.name },
        'document sealed',
      )
      return sendHtml(reply, 200, renderSignDone(fileUrl(saved.id, saved.name)))
    },
  )
}
