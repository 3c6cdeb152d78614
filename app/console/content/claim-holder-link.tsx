import { contentItemHref } from './content-query.ts'
import styles from './content.module.css'

export function ClaimHolderLink({ holder }: { holder: number }) {
  return (
    <p className={styles.holderLink}>
      <a
        href={contentItemHref(holder)}
        target="_blank"
        rel="noopener noreferrer"
      >
        打开内容编号 {holder}
        <span className="visually-hidden">（在新标签页打开）</span>
      </a>
      <span className={styles.meta}>您填写的内容仍保留在上面的表单中</span>
    </p>
  )
}
