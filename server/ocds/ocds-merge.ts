import type { Release } from './ocds-release-event.ts'

// OCDS 1.1 merging: https://standard.open-contracting.org/1.1/en/schema/merging/

// `wholeListMerge` in the release schema, and arrays whose objects have no `id`;
// ocds-merge.test.ts derives the same list from release-schema.json with the bids extension
// (schema/extensions/bids/) applied.
export const WHOLE_LIST_PATHS: ReadonlySet<string> = new Set([
  'awards.amendment.changes',
  'awards.amendments.changes',
  'awards.items.additionalClassifications',
  'awards.suppliers.additionalIdentifiers',
  'bids.details.identifiers',
  'bids.details.items.additionalClassifications',
  'bids.details.tenderers.additionalIdentifiers',
  'buyer.additionalIdentifiers',
  'contracts.amendment.changes',
  'contracts.amendments.changes',
  'contracts.implementation.transactions.payee.additionalIdentifiers',
  'contracts.implementation.transactions.payer.additionalIdentifiers',
  'contracts.items.additionalClassifications',
  'parties.additionalIdentifiers',
  'tender.amendment.changes',
  'tender.amendments.changes',
  'tender.items.additionalClassifications',
  'tender.procuringEntity.additionalIdentifiers',
  'tender.tenderers.additionalIdentifiers',
])

// The versioned release holds each as one value with its versions, as
// versioned-release-validation-schema.json says.
export const WHOLE_VALUE_PATHS: ReadonlySet<string> = new Set([
  'parties.details',
])

// `omitWhenMerged`: it says where values came from.
const RELEASE_METADATA = ['id', 'date', 'tag']

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function isWholeList(path: string, value: Json[]): boolean {
  return WHOLE_LIST_PATHS.has(path) || value.some((item) => !isObject(item))
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameJson(item, b[i]))
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a)
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => key in b && sameJson(a[key], b[key]))
    )
  }
  return false
}

const childPath = (path: string, key: string) =>
  path === '' ? key : `${path}.${key}`

function compileObject(output: JsonObject, input: JsonObject, path: string) {
  for (const [key, value] of Object.entries(input)) {
    const at = childPath(path, key)
    if (value === null) delete output[key]
    else if (isObject(value))
      output[key] = compileObject(
        isObject(output[key]) ? output[key] : {},
        value,
        at,
      )
    else if (Array.isArray(value)) {
      if (isWholeList(at, value)) output[key] = structuredClone(value)
      else {
        const list = Array.isArray(output[key]) ? output[key] : []
        for (const item of value as JsonObject[]) {
          const match = list.find((old) => isObject(old) && old.id === item.id)
          if (isObject(match)) compileObject(match, item, at)
          else list.push(compileObject({}, item, at))
        }
        output[key] = list
      }
    } else output[key] = value
  }
  return output
}

export function compileReleases(releases: Release[]): Release {
  const last = releases.at(-1)
  if (!last) throw new Error('a record has at least one release')
  const merged: JsonObject = {}
  for (const release of releases) {
    const fields = { ...(release as JsonObject) }
    for (const key of RELEASE_METADATA) delete fields[key]
    compileObject(merged, fields, '')
  }
  const { ocid: _ocid, ...rest } = merged
  return {
    ocid: last.ocid,
    id: `${last.ocid}-${last.date}`,
    date: last.date,
    tag: ['compiled'],
    ...rest,
  }
}

type VersionMeta = {
  releaseID: string
  releaseDate: string
  releaseTag: string[]
}

function addVersion(
  output: JsonObject,
  key: string,
  value: Json,
  meta: VersionMeta,
) {
  const versions = Array.isArray(output[key]) ? output[key] : []
  const latest = versions.at(-1)
  if (isObject(latest) && sameJson(latest.value, value)) return
  versions.push({ ...meta, value: structuredClone(value) })
  output[key] = versions
}

function versionObject(
  output: JsonObject,
  input: JsonObject,
  path: string,
  meta: VersionMeta,
  isArrayItem: boolean,
) {
  for (const [key, value] of Object.entries(input)) {
    const at = childPath(path, key)
    // An object's identifier in an array is kept as it is, never versioned.
    if (isArrayItem && key === 'id') output.id = value
    else if (isObject(value) && !WHOLE_VALUE_PATHS.has(at))
      output[key] = versionObject(
        isObject(output[key]) ? output[key] : {},
        value,
        at,
        meta,
        false,
      )
    else if (Array.isArray(value) && !isWholeList(at, value)) {
      const list = Array.isArray(output[key]) ? output[key] : []
      for (const item of value as JsonObject[]) {
        const match = list.find((old) => isObject(old) && old.id === item.id)
        if (isObject(match)) versionObject(match, item, at, meta, true)
        else list.push(versionObject({}, item, at, meta, true))
      }
      output[key] = list
    } else addVersion(output, key, value, meta)
  }
  return output
}

export function versionReleases(releases: Release[]): Record<string, unknown> {
  const merged: JsonObject = {}
  for (const release of releases) {
    const { ocid, id, date, tag, ...fields } = release
    merged.ocid = ocid
    versionObject(
      merged,
      fields as JsonObject,
      '',
      { releaseID: id, releaseDate: date, releaseTag: tag },
      false,
    )
  }
  return merged
}
