import type { ReactNode } from 'react'

export type Fact = { label: string; value: ReactNode; isWide?: boolean }

type Props = {
  facts: Fact[]
  classes: { readonly [key: string]: string }
}

// Laid out by CSS alone, so the server's page is already right at any width (antd's responsive
// Descriptions settles only after scripts run).
export function FactList({ facts, classes }: Props) {
  return (
    <dl className={classes.facts}>
      {facts.map((fact) => (
        <div
          key={fact.label}
          className={
            fact.isWide ? `${classes.fact} ${classes.wide}` : classes.fact
          }
        >
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  )
}
