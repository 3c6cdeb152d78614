// The pages' CSP allows no eval, so zod's probe for `new Function` would be reported as a CSP
// violation on every page. Set on `globalThis.__zod_globalConfig` rather than through
// `z.config`, to keep zod out of pages that parse nothing (zod-without-eval.test.ts).
export type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } }

if (typeof document !== 'undefined') {
  const global = globalThis as ZodGlobal
  global.__zod_globalConfig = { ...global.__zod_globalConfig, jitless: true }
}
