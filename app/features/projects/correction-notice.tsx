import type { Correction } from '#common/schemas/project.ts'

import { timeParts, writtenDate } from './project-format.ts'
import styles from './projects.module.css'

/**
 * 「更正」 above a corrected announcement or record, with the day of the last correction and what
 * it changed, as a corrected article says it: a 更正公告 matters to every bidder.
 */
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
