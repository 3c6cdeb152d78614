import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import Ajv, { type AnySchemaObject, type ValidateFunction } from 'ajv-draft-04'
import addFormats from 'ajv-formats'
import mergePatch from 'json-merge-patch'

// The package schemas reference the release schema and the versioned release schema by their
// ids, so those two are added under their own ids first.

const SCHEMA_ROOT = path.join(
  import.meta.dirname,
  '..',
  'server',
  'ocds',
  'schema',
)
const SCHEMA_DIR = path.join(SCHEMA_ROOT, '1.1.5')
const BIDS_DIR = path.join(SCHEMA_ROOT, 'extensions', 'bids')

const readJson = (file: string): AnySchemaObject =>
  JSON.parse(readFileSync(file, 'utf8'))
const readSchema = (name: string): AnySchemaObject =>
  readJson(path.join(SCHEMA_DIR, name))

export const releaseSchema = readSchema('release-schema.json')

/** The bids extension's extension.json as the OCDS extension registry lists it. */
export const BIDS_EXTENSION =
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_bid_extension/master/extension.json'

/**
 * The release schema with the bids extension applied: an extension's release-schema.json is a
 * JSON Merge Patch (RFC 7396) of it, as the OCDS extension guidance says.
 */
export const bidsReleaseSchema: AnySchemaObject = mergePatch.apply(
  structuredClone(releaseSchema),
  readJson(path.join(BIDS_DIR, 'release-schema.json')),
)

// OCDS's own annotations: known to ajv, checked by nothing but the tests.
const OCDS_KEYWORDS = [
  'codelist',
  'openCodelist',
  'omitWhenMerged',
  'wholeListMerge',
  'versionId',
  'deprecated',
]

// The versioned release schema stays 1.1.5's: the extension publishes no versioned form, and that
// schema lets a versioned release carry fields it does not know.
function compileAll(release: AnySchemaObject) {
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false })
  addFormats(ajv)
  for (const keyword of OCDS_KEYWORDS) ajv.addKeyword({ keyword })
  ajv.addSchema(release)
  ajv.addSchema(readSchema('versioned-release-validation-schema.json'))
  return {
    releasePackage: ajv.compile(readSchema('release-package-schema.json')),
    recordPackage: ajv.compile(readSchema('record-package-schema.json')),
    release: ajv.getSchema(release.id as string) as ValidateFunction,
  }
}

export const ocdsValidators = compileAll(releaseSchema)
/** The same packages and release, with the bids extension applied to the release schema. */
export const bidsValidators = compileAll(bidsReleaseSchema)

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

const codelistFiles = (dir: string) =>
  readdirSync(path.join(dir, 'codelists')).map((file) => ({
    file,
    at: path.join(dir, 'codelists', file),
  }))

// 1.1.5's and the bids extension's (bidStatus.csv, statistic.csv, …): no name is in both.
export const CODELISTS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  [...codelistFiles(SCHEMA_DIR), ...codelistFiles(BIDS_DIR)].map(
    ({ file, at }) => {
      const lines = readFileSync(at, 'utf8')
        .split(/\r?\n/)
        .filter((line) => line.trim() !== '')
      const header = lines[0]!.split(',')
      // documentType.csv starts with Category and Section, statistic.csv with Category; the others
      // with Code.
      const column = header.indexOf('Code')
      const codes = lines.slice(1).map((line) => {
        const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []
        return (cells[column] ?? '').replace(/,$/, '').replace(/^"|"$/g, '')
      })
      return [file, new Set(codes)]
    },
  ),
)

type SchemaNode = AnySchemaObject

function resolve(node: SchemaNode): SchemaNode {
  let current = node
  while (typeof current.$ref === 'string') {
    const name = current.$ref.replace('#/definitions/', '')
    current = (bidsReleaseSchema.definitions as Record<string, SchemaNode>)[
      name
    ]!
  }
  return current
}

// Open codelists are checked only when listed in `open`: others may hold local codes by design.
// The schema walked is the one patched by the bids extension, the same as 1.1.5's for a release
// without its fields.
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
  walk(bidsReleaseSchema, release, '')
  return problems
}

type Package = {
  extensions?: string[]
  releases?: Record<string, unknown>[]
  records?: {
    releases?: Record<string, unknown>[]
    compiledRelease?: Record<string, unknown>
  }[]
}

/** Whether a release has fields of the bids extension: `bids`, or an award's `relatedBids`. */
export function usesBids(release: Record<string, unknown>): boolean {
  const awards = (release.awards ?? []) as Record<string, unknown>[]
  return 'bids' in release || awards.some((award) => 'relatedBids' in award)
}

/**
 * A package checked against the schema its `extensions` call for (1.1.5's, or with the bids
 * extension applied); it must list the extension when a release uses it, and no other.
 */
export function packageErrors(
  kind: 'releasePackage' | 'recordPackage',
  body: unknown,
): string[] {
  const { extensions = [], releases = [], records = [] } = body as Package
  const problems = extensions
    .filter((url) => url !== BIDS_EXTENSION)
    .map((url) => `/extensions: ${url} is not an extension these tests know`)
  const isDeclared = extensions.includes(BIDS_EXTENSION)
  const all = [
    ...releases,
    ...records.flatMap((record) => [
      ...(record.releases ?? []),
      ...(record.compiledRelease ? [record.compiledRelease] : []),
    ]),
  ]
  if (!isDeclared && all.some(usesBids))
    problems.push('/extensions: the bids extension is used but not listed')
  const validators = isDeclared ? bidsValidators : ocdsValidators
  return [...problems, ...schemaErrors(validators[kind], body)]
}
