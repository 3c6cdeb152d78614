import { useId } from 'react'
import { Link } from 'react-router'

import styles from './figure-tiles.module.css'

type FigureTile = {
  key: string
  label: string
  count: number
  href: string
  isAlarming?: boolean
}

export function FigureTiles({
  title,
  unit,
  tiles,
}: {
  title: string
  unit: string
  tiles: FigureTile[]
}) {
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="portal-panel">
      <h2 id={titleId} className={styles.figureTitle}>
        {title}
      </h2>
      <ul className={styles.figures}>
        {tiles.map((tile) => (
          <li key={tile.key}>
            <Link to={tile.href} className={styles.figure}>
              <span className={styles.figureLabel}>{tile.label}</span>
              <span
                className={`${styles.figureValue} ${tile.isAlarming && tile.count > 0 ? styles.figureAlert : ''}`}
              >
                <span className="visually-hidden">：</span>
                {tile.count}
                <span className="visually-hidden">{unit}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
