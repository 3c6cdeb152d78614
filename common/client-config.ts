import type { SiteSettings } from './schemas/site.ts'
import type { SiteMarks } from './site-marks.ts'

/**
 * What the browser needs from the server to talk to the APIs, embedded in every page as a
 * JSON data block, with the published site settings (platform name, hotline, guidance unit,
 * technical support, the 登录 / 注册 and 在线学习 addresses), read for each page rendered. The
 * keys guard integrity against casual tampering, not confidentiality (architecture.md,
 * Configuration): the server never trusts the client for more.
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
  /** The footer's registration marks (common/site-marks.ts). */
  siteMarks: SiteMarks
  version: string
}

export const CLIENT_CONFIG_ELEMENT_ID = 'portal-client-config'
