import type { ReactNode } from 'react'

import { THEME_SCOPE } from '#app/components/layout/theme.ts'
import '#app/styles/antd.generated/tag.css'
import '#app/styles/antd.generated/tag-presetCmp.css'

// Not antd's Tag: it brings its colour presets, wave and close-icon code, some 7 KB compressed,
// to every list's first visit for a span.
export function CategoryTag({ children }: { children: ReactNode }) {
  return (
    <span className={`ant-tag ant-tag-filled ant-tag-blue ${THEME_SCOPE}`}>
      {children}
    </span>
  )
}
