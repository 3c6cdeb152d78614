/**
 * zod compiles fast object parsers with `new Function` where it may, and finds out by trying
 * once. The pages' CSP allows no eval, so in the browser that probe is refused and reported as
 * a CSP violation on every page: zod is told up front to parse without compiling. The server
 * keeps the compiled parsers.
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig`, shared by every copy of the
 * package; writing them there, rather than through `z.config`, keeps zod itself out of the
 * scripts of pages that parse nothing in the browser (zod-without-eval.test.ts holds zod to it).
 */
export type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } }

if (typeof document !== 'undefined') {
  const global = globalThis as ZodGlobal
  global.__zod_globalConfig = { ...global.__zod_globalConfig, jitless: true }
}
