export type RepeatingJob = {
  /** Runs at once, after any run under way; resolves when that run is done. */
  runNow(): Promise<void>
  stop(): Promise<void>
}

/**
 * A job run at start and every `intervalMs`. Runs in one process never overlap, and none
 * starts once the job is stopped. `run` handles its own errors.
 */
export function startRepeatingJob(
  run: () => Promise<void>,
  intervalMs: number,
): RepeatingJob {
  let running: Promise<void> = Promise.resolve()
  let isStopped = false
  const tick = () => {
    running = running.then(async () => {
      if (isStopped) return
      await run()
    })
    return running
  }
  void tick()
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return {
    runNow: tick,
    async stop() {
      isStopped = true
      clearInterval(timer)
      await running
    },
  }
}
