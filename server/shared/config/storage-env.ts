import { z } from 'zod'

import { optionalText } from './optional-text.ts'

/**
 * The region signed into requests when S3_REGION is not set: S3-compatible servers (MinIO,
 * Ceph, SeaweedFS) accept any region unless configured otherwise, and this is their default.
 */
const S3_DEFAULT_REGION = 'us-east-1'

export const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
] as const

// Files in S3-compatible object storage (server/files/s3-file-storage.ts): all four or none.
export const S3_ENV = {
  S3_ENDPOINT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .url({ protocol: /^https?$/, error: 'S3_ENDPOINT 必须为 http(s) 地址' })
      .optional(),
  ),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY: optionalText,
  // Not trimmed: a secret is taken exactly as given.
  S3_SECRET_KEY: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().max(500).optional(),
  ),
  S3_REGION: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().trim().min(1).max(100).default(S3_DEFAULT_REGION),
  ),
}
