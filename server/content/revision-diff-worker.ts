import type { ReadableField } from './kinds/kind-definition.ts'
import { diffReadableFields } from './revision-diff.ts'

// Runs in a worker thread (revision-diff.ts).
export default ({ from, to }: { from: ReadableField[]; to: ReadableField[] }) =>
  diffReadableFields(from, to)
