import type {
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
} from 'fastify'
import {
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { z } from 'zod'

import { MSG_BAD_REQUEST_BODY } from '#common/messages.ts'

import { Refusal } from './refusal.ts'

const zhCN = z.locales.zhCN()

// Called only for problems a schema has no message of its own for: zod's Chinese text after
// the path of the field it is about. The schemas' own messages are whole sentences.
const withField: z.core.$ZodErrorMap = (issue) => {
  const localized = zhCN.localeError(issue)
  const message = typeof localized === 'string' ? localized : localized?.message
  const field = issue.path?.join('.')
  return field && message ? `${field}：${message}` : message
}

function validationErrors(
  issues: z.core.$ZodIssue[],
): FastifySchemaValidationError[] {
  return issues.map((issue) => ({
    keyword: issue.code,
    instancePath: `/${issue.path.join('/')}`,
    schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
    params: {},
    message: issue.message,
  }))
}

/**
 * fastify-type-provider-zod's validator compiler, with the problems in Chinese: a schema's own
 * message as it is, zod's generic ones (zh-CN locale) after the path of the field. The error
 * handler of each edge answers the first problem.
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { error: withField })
    return result.success
      ? { value: result.data }
      : { error: validationErrors(result.error.issues) }
  }

/**
 * Makes every route of the scope declare its zod schemas: params, query and body validated with
 * `validatorCompiler`, responses serialized (and filtered) with the schema of their status.
 * Scoped to the plugin it is called in, so each edge opts in for its own routes.
 */
export function withZodSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  return app.withTypeProvider<ZodTypeProvider>()
}

/**
 * Validates what a route reads itself after Fastify's validation ran: the fields of a multipart
 * upload, which @fastify/multipart gives only while streaming. Refused like a route schema.
 */
export function validateFields<T extends z.ZodType>(
  schema: T,
  fields: unknown,
): z.output<T> {
  const result = schema.safeParse(fields, { error: withField })
  if (result.success) return result.data
  throw new Refusal(
    400,
    result.error.issues[0]?.message ?? MSG_BAD_REQUEST_BODY,
  )
}
