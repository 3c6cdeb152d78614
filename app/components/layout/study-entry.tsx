import { ReadOutlined } from '@ant-design/icons'

import styles from './layout.module.css'

/** The fixed entry to the online-study site, opened in a new tab (spec §1). */
export function StudyEntry({ url }: { url: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={styles.studyEntry}
    >
      <ReadOutlined aria-hidden />
      <span>在线学习</span>
    </a>
  )
}
