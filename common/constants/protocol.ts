/** Portal API: the platform type every article call defaults to (spec §7). */
export const DEFAULT_PTYPE = 'jd'

/** Protocol clock tolerance and replay window (architecture.md, Protocols). */
export const MAX_CLOCK_SKEW_MS = 300_000
export const NONCE_TTL_MS = 600_000

/**
 * How long a follow-up query opens the complaint's files to the browser it was made in
 * (server/files/file-access.ts); the follow-up page asks again before opening a file later.
 */
export const COMPLAINT_FILE_ACCESS_MS = 2 * 3600_000

/**
 * Regional State of a refusal because the complaint letter carries no seal of the complainant
 * (none yet, or another's): the form then offers 重新签章 (docs/api/regional-protocol.md).
 */
export const SEAL_REFUSED_STATE = 428
