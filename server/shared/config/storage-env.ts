import { z } from 'zod'

import { optionalText } from './optional-text.ts'

// S3-compatible servers (MinIO, Ceph, SeaweedFS) accept any region unless configured otherwise,
// and this is their default.
const S3_DEFAULT_REGION = 'us-east-1'

export const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
] as const

// All four or none.
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
