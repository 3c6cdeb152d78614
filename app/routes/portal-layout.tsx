import { Outlet, useNavigation, useRouteLoaderData } from 'react-router'

import { portalApiContext } from '#app/api/router-context.ts'
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx'
import styles from '#app/components/layout/layout.module.css'
import { NavigationPending } from '#app/components/layout/navigation-pending.tsx'
import { SideMenu } from '#app/components/layout/side-menu.tsx'
import { SkipLink } from '#app/components/layout/skip-link.tsx'
import { SiteFooter } from '#app/components/layout/site-footer.tsx'
import { SiteHeader } from '#app/components/layout/site-header.tsx'
import { StudyEntry } from '#app/components/layout/study-entry.tsx'
import { TopBar } from '#app/components/layout/top-bar.tsx'
import { loadFooterGroups } from '#app/features/site/load-footer-groups.ts'

import type { Route } from './+types/portal-layout'
import type { loader as rootLoader } from '#app/root.tsx'

export async function loader({ context }: Route.LoaderArgs) {
  return { footerGroups: await loadFooterGroups(context.get(portalApiContext)) }
}

// The footer's links are read once per visit.
export function shouldRevalidate() {
  return false
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  const config = useRouteLoaderData<typeof rootLoader>('root')?.clientConfig
  const isLoading = useNavigation().state === 'loading'
  return (
    <>
      <SkipLink />
      <TopBar loginUrl={config?.externalLoginUrl ?? '#'} />
      <SiteHeader />
      <div className={`${styles.inner} ${styles.body}`}>
        <SideMenu />
        <main
          id="main-content"
          tabIndex={-1}
          className={styles.content}
          aria-busy={isLoading}
        >
          <Breadcrumbs />
          <NavigationPending isPending={isLoading}>
            <Outlet />
          </NavigationPending>
        </main>
      </div>
      <SiteFooter groups={loaderData.footerGroups} marks={config?.siteMarks} />
      {config ? <StudyEntry url={config.studySiteUrl} /> : null}
    </>
  )
}
