import {
  type AlertFilters,
  describeAlertFilters,
} from '#common/alert-filters.ts'

import styles from './alerts.module.css'

export function AlertFiltersList({ filters }: { filters: AlertFilters }) {
  return (
    <dl className={styles.filters} aria-label="订阅条件">
      {describeAlertFilters(filters).map(({ label, value }) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
