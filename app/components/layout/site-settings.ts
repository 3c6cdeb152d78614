import { createContext, useContext } from 'react'
import { useRouteLoaderData } from 'react-router'

import type { ClientConfig } from '#common/client-config.ts'
import { SITE_SETTING_DEFAULTS } from '#common/constants/site.ts'
import type { SiteSettings } from '#common/schemas/site.ts'

type RootData = { clientConfig?: ClientConfig } | undefined
type MatchLike = { id: string; loaderData?: unknown } | undefined

/**
 * The published site settings in a meta function (they come with the root route's data, the
 * page's configuration); the defaults when the root has no data (a page that failed early).
 */
export function siteSettingsOf(matches: readonly MatchLike[]): SiteSettings {
  const root = matches.find((match) => match?.id === 'root')
    ?.loaderData as RootData
  return root?.clientConfig ?? SITE_SETTING_DEFAULTS
}

const ShownSiteSettings = createContext<SiteSettings | null>(null)

/**
 * Settings shown instead of the published ones inside it: the console's preview of a revision
 * of 站点设置 shows the header, footer and contact page with that revision's values.
 */
export const SiteSettingsOverride = ShownSiteSettings.Provider

/**
 * The published site settings the page was rendered with (platform name, hotline, guidance
 * unit, technical support, login and study addresses): the root route's configuration, read by
 * the server for each page; the defaults where there is none (outside the portal's routes).
 */
export function useSiteSettings(): SiteSettings {
  const shown = useContext(ShownSiteSettings)
  const root = useRouteLoaderData('root') as RootData
  return shown ?? root?.clientConfig ?? SITE_SETTING_DEFAULTS
}
