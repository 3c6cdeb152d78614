import { describe, expect, it } from 'vitest'
import type { z } from 'zod'

import * as articleFields from './content/article-fields.ts'
import * as creditFields from './content/credit-fields.ts'
import * as projectFields from './content/project-fields.ts'
import * as siteFields from './content/site-fields.ts'

const schemas = {
  ...articleFields,
  ...projectFields,
  ...creditFields,
  ...siteFields,
}

/** Every *FieldsSchema of a kind (not the union of them all). */
const kindSchemas = Object.entries(schemas)
  .filter(
    ([name]) => name.endsWith('FieldsSchema') && name !== 'ContentFieldsSchema',
  )
  .map(([name, schema]) => [name, schema as z.ZodType] as const)

describe('the content fields schemas', () => {
  it('cover every kind', () => {
    expect(kindSchemas.length).toBeGreaterThanOrEqual(9)
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
