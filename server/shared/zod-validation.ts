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

const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { error: withField })
    return result.success
      ? { value: result.data }
      : { error: validationErrors(result.error.issues) }
  }

// Scoped to the plugin it is called in, so each edge opts in for its own routes.
export function withZodSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  return app.withTypeProvider<ZodTypeProvider>()
}

// @fastify/multipart gives the fields of an upload only while streaming.
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
