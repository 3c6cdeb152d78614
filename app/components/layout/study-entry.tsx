import { ReadOutlined } from '@ant-design/icons'

import styles from './layout.module.css'

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
