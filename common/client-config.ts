import type { SiteSettings } from './schemas/site.ts'
import type { SiteMarks } from './site-marks.ts'

/**
 * Embedded in every page as a JSON data block. The keys guard integrity against casual
 * tampering, not confidentiality (architecture.md, Configuration).
 */
export type ClientConfig = SiteSettings & {
  portalApiBase: string
  linkApiBase: string
  regionalApiBase: string
  portalApiSecret: string
  portalAesKey: string
  regionalHmacSecret: string
  /** The portal's public address, for canonical links (no trailing slash). */
  publicBaseUrl: string
  siteMarks: SiteMarks
  version: string
}

export const CLIENT_CONFIG_ELEMENT_ID = 'portal-client-config'
