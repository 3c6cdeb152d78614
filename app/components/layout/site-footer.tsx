import { href } from 'react-router'

import type { FooterLinkGroup } from '#common/schemas/site.ts'
import type { SiteMarks } from '#common/site-marks.ts'
import { FOOTER_LINK_GROUPS } from '#common/constants/site.ts'

import styles from './layout.module.css'
import { SiteMarksBar } from './site-marks.tsx'
import { useSiteSettings } from './site-settings.ts'

export function SiteFooter({
  groups,
  marks,
}: {
  groups: FooterLinkGroup[]
  marks?: SiteMarks
}) {
  const settings = useSiteSettings()
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.linkGroups}>
          {FOOTER_LINK_GROUPS.map(({ type, label }) => {
            const links = groups.find((g) => g.type === type)?.children ?? []
            return (
              <section
                key={type}
                className={styles.linkGroup}
                aria-labelledby={`links-${type}`}
              >
                <h2 id={`links-${type}`}>{label}</h2>
                {links.length === 0 ? (
                  <p className={styles.muted}>暂无链接</p>
                ) : (
                  <ul>
                    {links.map((link) => (
                      <li key={link.ADDRESS}>
                        <a
                          href={link.ADDRESS}
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          {link.TITLE}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            )
          })}
        </div>
        <div className={styles.footerInfo}>
          <p>
            服务热线：
            <a href={`tel:${settings.serviceHotline}`}>
              {settings.serviceHotline}
            </a>
          </p>
          <p>指导单位：{settings.guidanceUnit}</p>
          <p>技术支持：{settings.technicalSupport}</p>
          <p>
            © {settings.platformName} · <a href={href('/contact')}>联系我们</a>
          </p>
        </div>
        <SiteMarksBar marks={marks} />
      </div>
    </footer>
  )
}
