import { afterAll } from 'vitest'

// React 19.2's development build reads window.event at the start of every scheduler task, and
// the scheduler posts its tasks with Node's setImmediate. A commit in a component file's last
// moments (a fetch answering, an antd animation ending in a root of its own) leaves such a task
// queued when vitest removes jsdom's window, and it throws "window is not defined" into the run
// with every test passed (react/react#37100). Each file lets that work run while its window is
// still there: this hook runs after the file's own, and the timers are taken before a test can
// fake them. Work that comes later still (a commit's passive effects, flushed on the next
// immediate) no longer throws either: patches/react-dom+19.3.1.patch, applied by patch-package
// at install, reads window.event only where there is a window, as react/react#37115 proposes.
// Drop the patch with a React that carries that fix. A commit later still, reading another
// DOM global, is left out of the run's errors by its stack (react-late-work.ts).
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react')
  const realSetTimeout = globalThis.setTimeout
  const realSetImmediate = globalThis.setImmediate
  const nextTimerTurn = () =>
    new Promise((resolve) => realSetTimeout(resolve, 0))
  const nextImmediateTurn = () =>
    new Promise((resolve) => realSetImmediate(resolve))

  afterAll(async () => {
    cleanup()
    // A commit schedules its passive effects, which may commit again, and a component's own
    // timers (antd's motion, a raf fallback) commit a few milliseconds after its last test:
    // without this, a late commit reached a torn-down window in 2 of 4 runs of a file here;
    // with three turns, in 1 of 20; with ten, in none of 12.
    for (let turn = 0; turn < 10; turn++) {
      await nextTimerTurn()
      await nextImmediateTurn()
    }
  })
}
