import type { ReactNode } from 'react'

import styles from './projects.module.css'

type Fact = { label: string; value: ReactNode; isWide?: boolean }

/**
 * Labelled facts in two columns, one on a phone. Laid out by CSS alone, so the server's page is
 * already right at any width (antd's responsive Descriptions settles only after scripts run).
 */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className={styles.facts}>
      {facts.map((fact) => (
        <div
          key={fact.label}
          className={
            fact.isWide ? `${styles.fact} ${styles.wide}` : styles.fact
          }
        >
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  )
}
