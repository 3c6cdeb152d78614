import type { z } from 'zod'

/** A kind's 分类: the numbers the console's list filters by, and the name of each. */
export type KindCategories = {
  ids: readonly number[]
  nameOf: (id: number) => string
}

/** One content kind as registry.ts lists it; its name is its key there. */
export type KindEntry = {
  /** Its name in the console: 内容类型, 新建… */
  label: string
  /** Absent for a kind without 分类 (links, dictionaries, settings). */
  categories?: KindCategories
  fields: z.ZodType
  /** The Portal API's shape of the public page the preview shows. */
  publicView: z.ZodType
}

/** The 分类 of a list of `{ value, label }` choices. */
export const categoriesOf = (
  choices: readonly { value: number; label: string }[],
): KindCategories => ({
  ids: choices.map((choice) => choice.value),
  nameOf: (id) => choices.find((choice) => choice.value === id)?.label ?? '',
})
