/**
 * How many times the loop ran a waiting timer while the work was pending. Work done on the loop
 * lets it run one or two (before and after); work in a thread lets it run one every few
 * milliseconds. A loaded machine makes the thread slower and so the count larger: unlike a share
 * of busy time, which load pushed from 0.3 to 0.71 for the same thread, the count cannot be
 * crowded out.
 */
export async function loopTurnsWhile<T>(work: () => Promise<T>) {
  let turns = 0
  let pending = true
  const tick = () => {
    if (!pending) return
    turns += 1
    setTimeout(tick, 1)
  }
  setTimeout(tick, 1)
  const result = await work()
  pending = false
  return { result, turns }
}
