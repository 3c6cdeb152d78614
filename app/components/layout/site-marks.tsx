import { href, Link } from 'react-router'

import {
  ICP_RECORD_URL,
  psbRecordUrl,
  type SiteMarks,
} from '#common/site-marks.ts'

import styles from './site-marks.module.css'

const SERVICE_LINKS = [
  { to: href('/sitemap'), label: '网站地图' },
  { to: href('/download'), label: '下载中心' },
  { to: href('/faq'), label: '常见问题' },
] as const

// Our own drawing: the portal ships no image it has no right to, and the mark's meaning lies in
// the verification page it links to.
function ConacBadge() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path
        d="M12 4.5l2.1 4.6 5 .5-3.8 3.3 1.1 4.9L12 15.3l-4.4 2.5 1.1-4.9-3.8-3.3 5-.5z"
        fill="var(--ant-color-error)"
      />
    </svg>
  )
}

export function SiteMarksBar({ marks }: { marks: SiteMarks | undefined }) {
  const psbUrl = marks?.psbRecord ? psbRecordUrl(marks.psbRecord) : null
  return (
    <div className={styles.bar}>
      <nav aria-label="网站服务" className={styles.services}>
        {SERVICE_LINKS.map((link) => (
          <Link key={link.to} to={link.to}>
            {link.label}
          </Link>
        ))}
      </nav>
      {marks ? (
        <div className={styles.marks}>
          {marks.conacMarkUrl ? (
            <a
              href={marks.conacMarkUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={styles.conac}
              title="党政机关网站标识：点击核验本网站身份"
            >
              <ConacBadge />
              <span>党政机关</span>
              <span className="visually-hidden">网站标识核验（新窗口）</span>
            </a>
          ) : null}
          {marks.siteIdentifier ? (
            <p>网站标识码：{marks.siteIdentifier}</p>
          ) : null}
          {marks.icpRecord ? (
            <p>
              <a
                href={ICP_RECORD_URL}
                target="_blank"
                rel="noopener noreferrer"
              >
                {marks.icpRecord}
              </a>
            </p>
          ) : null}
          {marks.psbRecord && psbUrl ? (
            <p>
              <a href={psbUrl} target="_blank" rel="noopener noreferrer">
                {marks.psbRecord}
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
