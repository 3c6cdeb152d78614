import os from 'node:os'

import { Piscina } from 'piscina'

import { Refusal } from './refusal.ts'

interface WorkerTaskOptions {
  /** Said to the person when the work cannot be done in time or the queue is full. */
  busyMessage: string
  budgetMs: number
}

// One pool for all the work that would hold the event loop longer than a request may (judging a
// password, sanitizing or comparing long HTML, laying out a letter): its threads load each job's
// module when first asked, so the jobs share threads instead of keeping one each. A core stays
// with the event loop; threads end after a minute idle, and each has a heap of its own, bounded
// so that a hostile input cannot take the process's memory.
let pool: Piscina | undefined
const sharedPool = () =>
  (pool ??= new Piscina({
    minThreads: 0,
    maxThreads: Math.min(2, Math.max(1, os.availableParallelism() - 1)),
    idleTimeout: 60_000,
    maxQueue: 50,
    resourceLimits: {
      maxOldGenerationSizeMb: 96,
      maxYoungGenerationSizeMb: 16,
    },
  }))

/**
 * A job run in the shared worker threads. `workerPath` is relative to the caller's module and
 * names the job's file without its extension: under type stripping (tests, `npm run dev`) it is
 * the .ts file beside the caller, in the build the .js file vite.server.config.ts compiles
 * beside main.js. Past its budget, or with the queue full, the job is refused with a 503.
 */
export function workerTask<Input, Output>(
  callerUrl: string,
  workerPath: string,
  { busyMessage, budgetMs }: WorkerTaskOptions,
): (input: Input) => Promise<Output> {
  const extension = callerUrl.endsWith('.ts') ? '.ts' : '.js'
  const filename = new URL(`${workerPath}${extension}`, callerUrl).href
  return async (input) => {
    try {
      return (await sharedPool().run(input, {
        filename,
        signal: AbortSignal.timeout(budgetMs),
      })) as Output
    } catch (error) {
      throw new Refusal(503, busyMessage, { cause: error })
    }
  }
}
