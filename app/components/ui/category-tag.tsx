import type { ReactNode } from 'react'

import { THEME_SCOPE } from '#app/components/layout/theme.ts'
import '#app/styles/antd.generated/tag.css'
import '#app/styles/antd.generated/tag-presetCmp.css'

/**
 * The blue tag naming an item's category in a list (news, projects, search results), as
 * antd's `<Tag color="blue">` draws it: its classes and stylesheets. antd's Tag brings its
 * colour presets, wave and close-icon code, some 7 KB compressed, to every list's first visit
 * for a span.
 */
export function CategoryTag({ children }: { children: ReactNode }) {
  return (
    <span className={`ant-tag ant-tag-filled ant-tag-blue ${THEME_SCOPE}`}>
      {children}
    </span>
  )
}
