import type { ConsoleSectionProps } from '#app/console/components/console-page.tsx'

import styles from './workbench.module.css'

export function Section({ id, title, children }: ConsoleSectionProps) {
  return (
    <section aria-labelledby={id} className={`portal-panel ${styles.section}`}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}
