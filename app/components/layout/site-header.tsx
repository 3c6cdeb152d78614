import { href, Link, useLocation, useNavigate } from 'react-router'

import { MSG_SEARCH_PLACEHOLDER } from '#common/messages.ts'

import { HeaderSearch } from './header-search.tsx'
import styles from './layout.module.css'
import { useSiteSettings } from './site-settings.ts'

export function SiteHeader() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const { platformName, guidanceUnit } = useSiteSettings()
  const isSearchPage = pathname === href('/search')
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link
          to={href('/index/new')}
          className={styles.logo}
          aria-label={`${platformName}首页`}
        >
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <span className={styles.logoText}>
            <span className={styles.logoTitle}>{platformName}</span>
            <span className={styles.logoSub}>
              {guidanceUnit} · 水利工程建设项目招标投标活动在线监督
            </span>
          </span>
        </Link>
        {isSearchPage ? null : (
          // A plain GET form, so the search also works before scripts load.
          <form
            action={href('/search')}
            method="get"
            role="search"
            className={styles.search}
          >
            <HeaderSearch
              name="keyword"
              placeholder={MSG_SEARCH_PLACEHOLDER}
              ariaLabel="站内搜索"
              onSearch={(value) =>
                navigate(
                  `${href('/search')}?keyword=${encodeURIComponent(value.trim())}`,
                )
              }
            />
          </form>
        )}
      </div>
    </header>
  )
}
