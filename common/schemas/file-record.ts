import { z } from 'zod'

/** File record of spec §3. type: 0 image, 1 attachment, 3 video (optional cover). */
export const FileRecordSchema = z.object({
  id: z.string(),
  new_id: z.string().optional(),
  name: z.string(),
  url: z.string(),
  fullurl: z.string().optional(),
  full_url: z.string().optional(),
  type: z.union([z.literal(0), z.literal(1), z.literal(3)]),
  cover: z.string().optional(),
  size: z.number().int().min(0).optional(),
  isDelete: z.boolean().optional(),
  isSign: z.boolean().optional(),
  signUrl: z.string().optional(),
})
export type FileRecord = z.infer<typeof FileRecordSchema>
