import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ComplaintDraftSchema } from '#common/schemas/complaint/complaint-filing.ts'
import { validFiling } from '#tests/complaint-test-data.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { aProject } from '#tests/filing-fixtures.ts'

import { findLetterHolder, generateComplaintForm } from './complaint-form.ts'

describe.each(testEngines)(
  'the seal holder of a generated letter on %s',
  (engine) => {
    let test: TestDatabase
    let draft: Awaited<ReturnType<typeof validFiling>>

    beforeAll(async () => {
      test = await createTestDatabase(engine)
      const { formFileId: _form, ...rest } = await validFiling(
        test.db,
        test.storage,
      )
      draft = { ...rest, project: await aProject(test) } as typeof draft
    })
    afterAll(async () => {
      await test.destroy()
    })

    const generate = (input: object) =>
      generateComplaintForm(
        test.db,
        test.storage,
        ComplaintDraftSchema.parse(input),
      )

    it('is the complainant on the letter: name, kind of seal and identity number as validated', async () => {
      const letter = await generate({
        ...draft,
        complainant: {
          ...draft.complainant,
          idNumber: ' 91650100ma77xf1234 ',
        },
      })
      expect(await findLetterHolder(test.db, letter.id)).toEqual({
        name: '新疆天山水利建设有限公司',
        kind: 'organisation',
        idNumber: '91650100MA77XF1234',
      })
    })

    it('is a person with an ID card number for a natural person', async () => {
      const letter = await generate({
        ...draft,
        complainant: {
          type: 'natural_person',
          role: 'bidder',
          name: '买买提·艾力',
          idNumber: '65010219900103123x',
          address: '乌鲁木齐市天山区解放北路88号',
        },
      })
      expect(await findLetterHolder(test.db, letter.id)).toEqual({
        name: '买买提·艾力',
        kind: 'person',
        idNumber: '65010219900103123X',
      })
    })

    it('is unknown for any file that is not a generated letter', async () => {
      expect(
        await findLetterHolder(test.db, draft.evidenceFileIds![0]!),
      ).toBeUndefined()
    })
  },
)
