import { useAppFeedback } from '#app/components/ui/app-feedback.tsx'
import { MSG_FAVORITE_FAILED } from '#common/messages.ts'

import { DisplayModeSwitch } from './display-mode.tsx'
import styles from './layout.module.css'
import { useSiteSettings } from './site-settings.ts'

type LegacyFavorites = {
  external?: { AddFavorite?: (url: string, title: string) => void }
  sidebar?: { addPanel?: (title: string, url: string, extra: string) => void }
}

export function TopBar({ loginUrl }: { loginUrl: string }) {
  const { message } = useAppFeedback()
  const { platformName } = useSiteSettings()
  function addFavorite() {
    const legacy = window as unknown as LegacyFavorites
    try {
      if (legacy.external?.AddFavorite)
        return legacy.external.AddFavorite(location.href, document.title)
      if (legacy.sidebar?.addPanel)
        return legacy.sidebar.addPanel(document.title, location.href, '')
    } catch {
      // Browsers that expose the old API but refuse the call fall through to the hint.
    }
    // spec §8: modern browsers do not let a page add a bookmark.
    message.warning(MSG_FAVORITE_FAILED)
  }
  return (
    <div className={styles.topBar}>
      <div className={styles.inner}>
        <span className={styles.welcome}>欢迎访问{platformName}</span>
        <span className={styles.topActions}>
          <DisplayModeSwitch className={styles.linkButton} />
          <button
            type="button"
            className={`${styles.linkButton} ${styles.favorite}`}
            onClick={addFavorite}
          >
            加入收藏
          </button>
          <a
            href={loginUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.loginLink}
          >
            登录 / 注册
          </a>
        </span>
      </div>
    </div>
  )
}
