type WakeableJob = {
  wake(): void
  settled(): Promise<void>
  stop(): Promise<void>
}

// Runs in one process never overlap; `run` handles its own errors.
export function startWakeableJob(
  run: () => Promise<void>,
  intervalMs: number | null,
  onStop?: () => void,
): WakeableJob {
  let running: Promise<void> = Promise.resolve()
  let isQueued = false
  let isStopped = false
  const step = async () => {
    isQueued = false
    if (isStopped) return
    await run()
  }
  const wake = () => {
    // One run waiting behind the current one covers every wake until it starts.
    if (isQueued || isStopped) return
    isQueued = true
    running = running.then(step)
  }
  wake()
  const timer = intervalMs === null ? undefined : setInterval(wake, intervalMs)
  timer?.unref()
  return {
    wake,
    settled: () => running,
    async stop() {
      isStopped = true
      clearInterval(timer)
      onStop?.()
      await running
    },
  }
}
