import { Piscina } from 'piscina'

import { Refusal } from './refusal.ts'

interface WorkerPoolOptions {
  /** Said to the person when the work cannot be done in time or the queue is full. */
  busyMessage: string
  budgetMs: number
}

/**
 * Work that would hold the event loop longer than a request may (judging a password, sanitizing
 * or comparing long HTML) runs in one worker thread of its own, started on first use and ended
 * after a minute idle. `workerPath` is relative to the caller's module and names the worker's file
 * without its extension: under type stripping (tests, `npm run dev`) it is the .ts file beside
 * the caller, in the build the .js file vite.server.config.ts compiles beside main.js.
 */
export function workerPool<Input, Output>(
  callerUrl: string,
  workerPath: string,
  { busyMessage, budgetMs }: WorkerPoolOptions,
): (input: Input) => Promise<Output> {
  const extension = callerUrl.endsWith('.ts') ? '.ts' : '.js'
  let pool: Piscina | undefined
  return async (input) => {
    pool ??= new Piscina({
      filename: new URL(`${workerPath}${extension}`, callerUrl).href,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 60_000,
      maxQueue: 20,
    })
    try {
      return (await pool.run(input, {
        signal: AbortSignal.timeout(budgetMs),
      })) as Output
    } catch (error) {
      throw new Refusal(503, busyMessage, { cause: error })
    }
  }
}
