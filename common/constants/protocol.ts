/** Protocol constants (architecture.md, Protocols; spec §7). */

/** Portal API: the platform type every article call defaults to (spec §7). */
export const DEFAULT_PTYPE = 'jd'

/** Protocol clock tolerance and replay window (architecture.md, Protocols). */
export const MAX_CLOCK_SKEW_MS = 300_000
export const NONCE_TTL_MS = 600_000
