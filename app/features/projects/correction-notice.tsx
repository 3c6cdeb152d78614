import type { Correction } from '#common/schemas/publication.ts'

import { timeParts, writtenDate } from './project-format.ts'
import styles from './projects.module.css'

// A 更正公告 matters to every bidder.
export function CorrectionNotice({ correction }: { correction: Correction }) {
  return (
    <p className={styles.correction}>
      <strong>更正</strong>
      <time dateTime={timeParts(correction.at).dateTime}>
        （{writtenDate(correction.at)}）
      </time>
      {correction.note}
    </p>
  )
}
