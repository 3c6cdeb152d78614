import { Empty } from 'antd'
import { useCallback, useRef } from 'react'

import type { ThresholdEntry } from '#common/schemas/supervision.ts'

import { UnsavedChangesGuard } from '#app/console/components/unsaved-changes-guard.tsx'
import type { ThresholdCalls } from './threshold-api.ts'
import { ThresholdSection } from './threshold-section.tsx'
import styles from './thresholds.module.css'

type Props = {
  items: ThresholdEntry[]
  /** 系统管理员: inputs and 保存; anyone else who reads them (监督检查): the values as text. */
  canEdit: boolean
  calls: ThresholdCalls
}

export function ThresholdSettings({ items, canEdit, calls }: Props) {
  // The indicators whose form holds what is not saved: leaving the page asks first.
  const changed = useRef(new Set<string>())
  const hasChanges = useCallback(() => changed.current.size > 0, [])
  const onChanged = useCallback((code: string, hasChanged: boolean) => {
    if (hasChanged) changed.current.add(code)
    else changed.current.delete(code)
  }, [])

  if (items.length === 0) return <Empty description="暂无预警指标" />
  return (
    <>
      {canEdit ? <UnsavedChangesGuard hasChanges={hasChanges} /> : null}
      <p className={styles.intro}>
        {canEdit
          ? '每个指标的阈值单独保存；保存后，全部预警将按新阈值重新计算。'
          : '阈值由系统管理员设置，此处仅供查看。'}
      </p>
      {items.map((entry) => (
        <ThresholdSection
          key={entry.code}
          entry={entry}
          canEdit={canEdit}
          calls={calls}
          onChanged={onChanged}
        />
      ))}
    </>
  )
}
