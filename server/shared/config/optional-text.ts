import { z } from 'zod'

// An empty variable counts as unset, as a deployment's env file writes it.
export const optionalText = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().trim().min(1).max(500).optional(),
)
