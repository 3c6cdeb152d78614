import { createContext, useContext } from 'react'
import { useRouteLoaderData } from 'react-router'

import type { ClientConfig } from '#common/client-config.ts'
import { SITE_SETTING_DEFAULTS } from '#common/constants/site.ts'
import type { SiteSettings } from '#common/schemas/site.ts'

type RootData = { clientConfig?: ClientConfig } | undefined
type MatchLike = { id: string; loaderData?: unknown } | undefined

// The defaults when the root has no data (a page that failed early).
export function siteSettingsOf(matches: readonly MatchLike[]): SiteSettings {
  const root = matches.find((match) => match?.id === 'root')
    ?.loaderData as RootData
  return root?.clientConfig ?? SITE_SETTING_DEFAULTS
}

const ShownSiteSettings = createContext<SiteSettings | null>(null)

// The console's preview of 站点设置 shows its revision's values.
export const SiteSettingsOverride = ShownSiteSettings.Provider

export function useSiteSettings(): SiteSettings {
  const shown = useContext(ShownSiteSettings)
  const root = useRouteLoaderData('root') as RootData
  return shown ?? root?.clientConfig ?? SITE_SETTING_DEFAULTS
}
