type RepeatingJob = {
  runNow(): Promise<void>
  stop(): Promise<void>
}

// Runs in one process never overlap; `run` handles its own errors.
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
