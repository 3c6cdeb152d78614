import { z } from 'zod'

// POST /staff-api/ocds/release-packages (docs/api/ocds-import.md): what a trading platform is
// answered about each release it pushed, and the administrator's routes for the platforms' tokens.

export const IMPORT_PART_STATUSES = [
  'incomplete',
  'pending',
  'applied',
  'held',
] as const

/** A part of the process (项目信息 or a stage) and what became of it in the content workflow. */
export const ImportedPartSchema = z.object({
  part: z.string(),
  label: z.string(),
  /**
   * incomplete: not enough yet for the part (see note); pending: to be written (its project
   * awaits review, or a revision of it does); applied: written (submitted for review, or published
   * for a trusted token); held: not written, for the reason in note.
   */
  status: z.enum(IMPORT_PART_STATUSES),
  /** The content item (内容编号), once there is one. */
  itemId: z.number().int().nullable(),
  note: z.string(),
})
export type ImportedPart = z.infer<typeof ImportedPartSchema>

export const ImportedReleaseSchema = z.object({
  ocid: z.string(),
  id: z.string(),
  date: z.string(),
  /** taken: the newest of its process when it came; outOfOrder: older than one already taken. */
  outcome: z.enum(['taken', 'outOfOrder']),
  projectCode: z.string(),
  /** The fields of each part the release gave and the portal now holds. */
  taken: z.array(
    z.object({
      part: z.string(),
      label: z.string(),
      fields: z.array(z.string()),
    }),
  ),
  /** What the release holds that the portal did not take, and why. */
  notTaken: z.array(z.object({ part: z.string(), reason: z.string() })),
  /** The process's parts right after the package was taken. */
  parts: z.array(ImportedPartSchema),
})
export type ImportedRelease = z.infer<typeof ImportedReleaseSchema>

export const ImportAnswerSchema = z.object({
  releases: z.array(ImportedReleaseSchema),
})
export type ImportAnswer = z.infer<typeof ImportAnswerSchema>

export const PackageProblemSchema = z.object({
  /** RFC 6901 JSON Pointer into the package. */
  pointer: z.string(),
  message: z.string(),
})

export const PackageRefusalSchema = z.object({
  message: z.string(),
  problems: z.array(PackageProblemSchema).optional(),
})

export const ImportTokenSchema = z.object({
  id: z.number().int(),
  accountName: z.string(),
  name: z.string(),
  expiresAt: z.string(),
  isRevoked: z.boolean(),
  isTrusted: z.boolean(),
})
export const ImportTokenListSchema = z.object({
  items: z.array(ImportTokenSchema),
})

export const ImportTrustSchema = z.object(
  { isTrusted: z.boolean({ error: '请说明是否免审发布（isTrusted）' }) },
  { error: '请说明是否免审发布（isTrusted）' },
)

export const ImportTokenParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
})
