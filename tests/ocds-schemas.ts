import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import Ajv, { type AnySchemaObject, type ValidateFunction } from 'ajv-draft-04'
import addFormats from 'ajv-formats'

// The package schemas reference the release schema and the versioned release schema by their
// ids, so those two are added under their own ids first.

const SCHEMA_DIR = path.join(
  import.meta.dirname,
  '..',
  'server',
  'ocds',
  'schema',
  '1.1.5',
)

const readSchema = (name: string): AnySchemaObject =>
  JSON.parse(readFileSync(path.join(SCHEMA_DIR, name), 'utf8'))

export const releaseSchema = readSchema('release-schema.json')

// OCDS's own annotations: known to ajv, checked by nothing but the tests.
const OCDS_KEYWORDS = [
  'codelist',
  'openCodelist',
  'omitWhenMerged',
  'wholeListMerge',
  'versionId',
  'deprecated',
]

function compileAll() {
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false })
  addFormats(ajv)
  for (const keyword of OCDS_KEYWORDS) ajv.addKeyword({ keyword })
  ajv.addSchema(releaseSchema)
  ajv.addSchema(readSchema('versioned-release-validation-schema.json'))
  return {
    releasePackage: ajv.compile(readSchema('release-package-schema.json')),
    recordPackage: ajv.compile(readSchema('record-package-schema.json')),
    release: ajv.getSchema(releaseSchema.id as string) as ValidateFunction,
  }
}

export const ocdsValidators = compileAll()

export function schemaErrors(
  validate: ValidateFunction,
  data: unknown,
): string[] {
  if (validate(data)) return []
  return (validate.errors ?? []).map(
    (error) =>
      `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
  )
}

export const CODELISTS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  readdirSync(path.join(SCHEMA_DIR, 'codelists')).map((file) => {
    const lines = readFileSync(path.join(SCHEMA_DIR, 'codelists', file), 'utf8')
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
    const header = lines[0]!.split(',')
    // documentType.csv starts with Category and Section; the others with Code.
    const column = header.indexOf('Code')
    const codes = lines.slice(1).map((line) => {
      const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []
      return (cells[column] ?? '').replace(/,$/, '').replace(/^"|"$/g, '')
    })
    return [file, new Set(codes)]
  }),
)

type SchemaNode = AnySchemaObject

function resolve(node: SchemaNode): SchemaNode {
  let current = node
  while (typeof current.$ref === 'string') {
    const name = current.$ref.replace('#/definitions/', '')
    current = (releaseSchema.definitions as Record<string, SchemaNode>)[name]!
  }
  return current
}

// Open codelists are checked only when listed in `open`: others may hold local codes by design.
export function codelistProblems(
  release: unknown,
  open: readonly string[] = [],
): string[] {
  const problems: string[] = []
  function walk(node: SchemaNode, data: unknown, at: string) {
    if (data === null || data === undefined) return
    const schema = resolve(node)
    if (typeof schema.codelist === 'string') {
      const codes = CODELISTS.get(schema.codelist)
      const checked =
        schema.openCodelist !== true || open.includes(schema.codelist)
      const values = Array.isArray(data) ? data : [data]
      if (checked)
        for (const value of values)
          if (!codes?.has(String(value)))
            problems.push(`${at}: ${String(value)} (${schema.codelist})`)
      return
    }
    if (Array.isArray(data) && schema.items)
      data.forEach((item, i) =>
        walk(schema.items as SchemaNode, item, `${at}/${i}`),
      )
    else if (typeof data === 'object' && schema.properties)
      for (const [key, value] of Object.entries(data as object)) {
        const property = (schema.properties as Record<string, SchemaNode>)[key]
        if (property) walk(property, value, `${at}/${key}`)
      }
  }
  walk(releaseSchema, release, '')
  return problems
}
