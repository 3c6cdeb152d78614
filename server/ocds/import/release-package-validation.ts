import Ajv, {
  type AnySchemaObject,
  type ErrorObject,
  type ValidateFunction,
} from 'ajv-draft-04'
import addFormats from 'ajv-formats'
import mergePatch from 'json-merge-patch'

import releasePackageSchema from '#server/ocds/schema/1.1.5/release-package-schema.json' with { type: 'json' }
import releaseSchema from '#server/ocds/schema/1.1.5/release-schema.json' with { type: 'json' }
import bidsExtension from '#server/ocds/schema/extensions/bids/release-schema.json' with { type: 'json' }

// A pushed package is checked against the official release package schema (draft-04), whose
// releases are the release schema with the bids extension applied. An extension's
// release-schema.json is a JSON Merge Patch of the release schema (OCDS extensions guidance,
// RFC 7396): applied with the `json-merge-patch` package rather than a hand-written merge.

export type PackageProblem = { pointer: string; message: string }

/** At most this many problems are answered: the first ones in the package's order. */
export const MAX_PROBLEMS = 20

// OCDS's own annotations: known to ajv, checked by nothing.
const OCDS_KEYWORDS = [
  'codelist',
  'openCodelist',
  'omitWhenMerged',
  'wholeListMerge',
  'versionId',
  'deprecated',
]

function compile(): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false })
  addFormats(ajv)
  for (const keyword of OCDS_KEYWORDS) ajv.addKeyword({ keyword })
  // Under the release schema's own id, which the package schema references.
  ajv.addSchema(
    mergePatch.apply(
      structuredClone(releaseSchema),
      bidsExtension,
    ) as AnySchemaObject,
  )
  return ajv.compile(releasePackageSchema as AnySchemaObject)
}

let compiled: ValidateFunction | undefined
// Compiled on the first push, once per process: most processes never receive one.
const validator = () => (compiled ??= compile())

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  number: '数字',
  integer: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: 'null',
}

const escapePointer = (key: string) =>
  key.replaceAll('~', '~0').replaceAll('/', '~1')

function problemOf(error: ErrorObject): PackageProblem {
  const at = error.instancePath
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required': {
      const name = String(params.missingProperty)
      return {
        pointer: `${at}/${escapePointer(name)}`,
        message: `缺少必填字段“${name}”`,
      }
    }
    case 'type': {
      const types = String(params.type)
        .split(',')
        .map((type) => TYPE_NAMES[type] ?? type)
      return { pointer: at, message: `类型错误：应为${types.join('或')}` }
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).filter(
        (value) => value !== null,
      )
      const shown = allowed.slice(0, 12).join('、')
      return {
        pointer: at,
        message: `取值不在OCDS代码表中，可选：${shown}${allowed.length > 12 ? '等' : ''}`,
      }
    }
    case 'format':
      return {
        pointer: at,
        message:
          params.format === 'date-time'
            ? '应为带时区的日期时间（RFC 3339），如 2026-09-22T10:30:00+08:00'
            : params.format === 'uri'
              ? '应为完整的网址（URI）'
              : `格式应为 ${String(params.format)}`,
      }
    case 'minLength':
      return { pointer: at, message: '不能为空字符串' }
    case 'minItems':
      return { pointer: at, message: `至少需要${String(params.limit)}项` }
    case 'minProperties':
      return { pointer: at, message: '不能为空对象' }
    case 'uniqueItems':
      return {
        pointer: at,
        message: `第${Number(params.j) + 1}项与第${Number(params.i) + 1}项重复`,
      }
    case 'pattern':
      return {
        pointer: at,
        message: `格式不符合要求（${String(params.pattern)}）`,
      }
    default:
      return {
        pointer: at,
        message: `不符合OCDS 1.1.5模式（${error.keyword}）`,
      }
  }
}

/** The package's problems, at most MAX_PROBLEMS, each with its JSON Pointer (RFC 6901). */
export function releasePackageProblems(body: unknown): PackageProblem[] {
  const validate = validator()
  if (validate(body)) return []
  const seen = new Set<string>()
  const problems: PackageProblem[] = []
  for (const error of validate.errors ?? []) {
    const problem = problemOf(error)
    const key = `${problem.pointer} ${problem.message}`
    if (seen.has(key)) continue
    seen.add(key)
    problems.push(problem)
    if (problems.length === MAX_PROBLEMS) break
  }
  return problems
}
