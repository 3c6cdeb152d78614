import {
  CheckCircleFilled,
  CloseCircleFilled,
  LoadingOutlined,
} from '@ant-design/icons'
import { useSyncExternalStore } from 'react'

import styles from './filing-progress.module.css'

type Progress = {
  steps: readonly string[]
  current: number
  outcome?: { kind: 'done' | 'failed'; text: string }
}

export const GENERATE_STEPS = ['检查填写内容', '生成投诉书'] as const
export const SUBMIT_STEPS = ['检查填写内容', '校验电子印章并提交投诉'] as const

// Outside React state: a step change redraws this display only, not the whole complaint form
// (whose redraw would hold the request back).
export function createProgressStore() {
  let progress: Progress | null = null
  const listeners = new Set<() => void>()
  const set = (next: Progress | null) => {
    progress = next
    for (const listener of listeners) listener()
  }
  return {
    get: () => progress,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    start: (steps: readonly string[]) => set({ steps, current: 0 }),
    step: (current: number) => progress && set({ ...progress, current }),
    done: (text: string) =>
      progress &&
      set({
        ...progress,
        current: progress.steps.length,
        outcome: { kind: 'done', text },
      }),
    fail: (text: string) =>
      progress && set({ ...progress, outcome: { kind: 'failed', text } }),
    clear: () => set(null),
  }
}
type ProgressStore = ReturnType<typeof createProgressStore>

const doing = (step: string) => `正在${step}…`

// One line that screen readers hear as it changes (aria-live), instead of a bare spinner.
export function FilingProgress({ store }: { store: ProgressStore }) {
  const progress = useSyncExternalStore(store.subscribe, store.get, () => null)
  if (!progress) return null
  const { steps, current, outcome } = progress
  const line = outcome?.text ?? (steps[current] ? doing(steps[current]) : '')
  return (
    <div className={styles.progress} data-testid="filing-progress">
      <ol className={styles.steps} aria-hidden>
        {steps.map((step, index) => {
          const isDone = index < current
          const isFailed = outcome?.kind === 'failed' && index === current
          return (
            <li
              key={step}
              className={
                isFailed
                  ? styles.failed
                  : isDone
                    ? styles.done
                    : index === current
                      ? styles.current
                      : styles.waiting
              }
            >
              {isFailed ? (
                <CloseCircleFilled />
              ) : isDone ? (
                <CheckCircleFilled />
              ) : index === current ? (
                <LoadingOutlined />
              ) : (
                <span className={styles.dot} />
              )}
              {step}
            </li>
          )
        })}
      </ol>
      <p className={styles.line} role="status" aria-live="polite">
        {line}
      </p>
    </div>
  )
}
