import { config } from 'zod'

/**
 * zod compiles fast object parsers with `new Function` where it may, and finds out by trying
 * once. The pages' CSP allows no eval, so in the browser that probe is refused and reported as
 * a CSP violation on every page: zod is told up front to parse without compiling. The server
 * keeps the compiled parsers.
 */
if (typeof document !== 'undefined') config({ jitless: true })
