import { describe, expect, it } from 'vitest'
import type { z } from 'zod'

import { CONTENT_KINDS } from '#common/schemas/content/registry.ts'
import { KIND_SCHEMAS } from './content/registry.ts'

/** Every kind's fields schema (not the union of them all). */
const kindSchemas = Object.entries(KIND_SCHEMAS).map(
  ([kind, schemas]) => [kind, schemas.fields as z.ZodType] as const,
)

describe('the content fields schemas', () => {
  it('cover every kind', () => {
    expect(kindSchemas.map(([kind]) => kind).sort()).toEqual(
      [...CONTENT_KINDS].sort(),
    )
  })

  // What the staff API answers a caller that left fields out or sent empty rows: each refusal
  // in Chinese, naming the field, never zod's English default.
  it.each(kindSchemas)(
    '%s refuses missing fields in Chinese',
    (_name, schema) => {
      for (const input of [{}, { links: [{}], entries: [{}], type: 'x' }]) {
        const result = schema.safeParse(input)
        expect(result.success).toBe(false)
        for (const issue of result.error!.issues)
          expect(issue.message, issue.path.join('.')).toMatch(/\p{Script=Han}/u)
      }
    },
  )
})
