import { lazy, Suspense } from 'react'

import { ChunkErrorBoundary } from '#app/components/ui/chunk-error-boundary.tsx'

import { useIsApplyFormOpen } from './apply-form-gate.ts'
import styles from './apply.module.css'

const ComplaintApplyForm = lazy(() =>
  import('./complaint-apply-form.tsx').then((module) => ({
    default: module.ComplaintApplyForm,
  })),
)

// Its place is kept at least a screen high, so that the footer does not show and then move away.
export function DeferredApplyForm() {
  const isOpen = useIsApplyFormOpen()
  const placeholder = <FormPlaceholder isLoading={isOpen} />
  return isOpen ? (
    <ChunkErrorBoundary fallback={<FormPlaceholder isLoading={false} />}>
      <Suspense fallback={placeholder}>
        <ComplaintApplyForm />
      </Suspense>
    </ChunkErrorBoundary>
  ) : (
    placeholder
  )
}

function FormPlaceholder({ isLoading }: { isLoading: boolean }) {
  return (
    <div className={`${styles.apply} ${styles.placeholder}`}>
      <p role="status">
        {isLoading
          ? '正在加载投诉书表单…'
          : '阅读并确认投诉须知后，在此填写投诉书。'}
      </p>
    </div>
  )
}
