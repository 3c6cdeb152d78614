import { Link } from 'react-router'

import { SITE_MAP } from '#common/site-map.ts'

import { FeedIndex } from './feed-index.tsx'
import styles from './site-pages.module.css'

export function SiteMapView() {
  return (
    <div className={`portal-panel ${styles.page}`}>
      <h1 className={styles.title}>网站地图</h1>
      <p className={styles.lead}>
        本站各栏目及其页面。新闻、项目、投诉处理结果和政策法规的详情页，请从相应列表进入。
      </p>
      <div className={styles.siteMap}>
        {SITE_MAP.map((section, i) => (
          <section
            key={section.label}
            aria-labelledby={`site-map-${i}`}
            className={styles.siteMapSection}
          >
            <h2 id={`site-map-${i}`}>
              {section.to ? (
                <Link to={section.to}>{section.label}</Link>
              ) : (
                section.label
              )}
            </h2>
            <ul>
              {section.pages.map((page) => (
                <li key={page.to}>
                  <Link to={page.to}>{page.label}</Link>
                  {page.parts ? (
                    <ul className={styles.siteMapParts}>
                      {page.parts.map((part) => (
                        <li key={part.to}>
                          <Link to={part.to}>{part.label}</Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <FeedIndex />
    </div>
  )
}
