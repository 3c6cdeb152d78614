import styles from './contact.module.css'

// Drawn: the portal serves no map tiles, and a visitor's network may reach none.
export function ContactMap({ label }: { label: string }) {
  return (
    <svg
      viewBox="0 0 640 360"
      role="img"
      aria-labelledby="contact-map-title"
      className={styles.map}
    >
      <title id="contact-map-title">{`${label}位置示意图`}</title>
      <rect width="640" height="360" fill="#eef3f0" />
      <path
        d="M0 300 C120 280 180 330 300 310 S520 270 640 290 V360 H0Z"
        fill="#cfe3f3"
      />
      <rect x="380" y="40" width="190" height="120" rx="10" fill="#d7ead3" />
      <text x="475" y="105" textAnchor="middle" fontSize="15" fill="#4d7a45">
        南湖广场
      </text>
      <g stroke="#ffffff" strokeLinecap="round">
        <line x1="0" y1="190" x2="640" y2="190" strokeWidth="22" />
        <line x1="330" y1="0" x2="330" y2="360" strokeWidth="18" />
        <line x1="0" y1="80" x2="640" y2="80" strokeWidth="12" />
        <line x1="120" y1="0" x2="120" y2="300" strokeWidth="12" />
      </g>
      <g fontSize="13" fill="#5f6b66">
        <text x="24" y="218">
          南湖东路
        </text>
        <text x="24" y="70">
          南湖北路
        </text>
        <text x="338" y="350">
          温泉东路
        </text>
        <text x="128" y="290">
          安居南路
        </text>
      </g>
      <g transform="translate(250 190)">
        <path
          d="M0 0 C-16 -22 -22 -32 -22 -44 A22 22 0 1 1 22 -44 C22 -32 16 -22 0 0Z"
          fill="#d4380d"
        />
        <circle cy="-44" r="8" fill="#ffffff" />
      </g>
      <rect x="150" y="100" width="200" height="34" rx="4" fill="#ffffff" />
      <text x="250" y="123" textAnchor="middle" fontSize="16" fill="#1f2d27">
        {label}
      </text>
    </svg>
  )
}
