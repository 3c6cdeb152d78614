// Read from outside the process: VmHWM, /proc/<pid>/stat, and prom-client's
// nodejs_gc_duration_seconds at /metrics with the staff token in DATA_DIR/secrets.json.
import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'

const CLOCK_TICKS = Number(
  execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim(),
)

export async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

// Documentation/filesystems/proc.rst: writing 5 to clear_refs resets VmHWM to the current RSS.
export async function resetPeakRss(pid: number): Promise<boolean> {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  // The command name is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime are fields 14 and 15 of proc(5); fields[0] here is field 3 (state).
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}

async function gcSeconds(
  metricsUrl: string,
  token: string,
): Promise<number | null> {
  const response = await fetch(metricsUrl, {
    headers: { authorization: `Bearer ${token}` },
  })
  if (!response.ok) return null
  const text = await response.text()
  let total = 0
  let isFound = false
  for (const line of text.split('\n')) {
    if (!line.startsWith('nodejs_gc_duration_seconds_sum')) continue
    total += Number(line.slice(line.lastIndexOf(' ') + 1))
    isFound = true
  }
  return isFound ? total : null
}

type ProcessSample = { cpu: number; gc: number | null }

export async function sampleProcess(
  pid: number,
  metricsUrl: string,
  token: string,
): Promise<ProcessSample> {
  const [gc, cpu] = await Promise.all([
    gcSeconds(metricsUrl, token),
    cpuSeconds(pid),
  ])
  return { cpu, gc }
}

export function gcShare(
  before: ProcessSample,
  after: ProcessSample,
): number | null {
  const cpu = after.cpu - before.cpu
  if (before.gc === null || after.gc === null || cpu <= 0) return null
  return (after.gc - before.gc) / cpu
}
