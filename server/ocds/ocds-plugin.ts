import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import type { AppConfig } from '#server/shared/config.ts'
import { createSiteSettingsRead } from '#server/site/site-settings.ts'

import { createBulkFiles } from './ocds-bulk-files.ts'
import { noPartyDetails, type OcdsPartyDetails } from './ocds-parties.ts'
import { ocdsRoutes } from './ocds-routes.ts'
import { createOcdsService } from './ocds-service.ts'

/** Content kinds whose publication or withdrawal changes what /ocds/ serves. */
const OCDS_KINDS = ['project', 'announcement', 'siteSettings']

type OcdsPluginOptions = {
  db: Kysely<Database>
  config: Pick<AppConfig, 'ocdsOcidPrefix' | 'publicBaseUrl'>
  /**
   * More about each party of the releases (its identifier, its public credit records): the hook
   * of ocds-parties.ts. Default: nothing more than the announcements say.
   */
  partyDetails?: OcdsPartyDetails
  /** Content kinds whose publication or withdrawal changes what `partyDetails` answers. */
  partyDetailKinds?: string[]
}

/**
 * The OCDS open data, registered with prefix /ocds (docs/api/ocds.md): releases, records and
 * yearly bulk files of the projects' announcements. The bulk files kept in this process are
 * dropped when a project, an announcement, the site settings or what the parties' details come
 * from change, here or in another process (server/shared/content-changes.ts).
 */
export async function ocdsPlugin(
  app: FastifyInstance,
  {
    db,
    config,
    partyDetails = noPartyDetails,
    partyDetailKinds = [],
  }: OcdsPluginOptions,
) {
  const siteSettings = createSiteSettingsRead(db)
  const service = createOcdsService({
    db,
    ocidPrefix: config.ocdsOcidPrefix,
    baseUrl: config.publicBaseUrl,
    publisherName: async () => (await siteSettings.read()).platformName,
    partyDetails,
    onPartyDetailsError: (error) =>
      app.log.error({ err: error }, 'OCDS party details failed'),
  })
  const bulk = createBulkFiles((year) => service.bulkLines(year))
  app.contentChanges.onChange((change) => {
    siteSettings.clear()
    if (
      OCDS_KINDS.includes(change.kind) ||
      partyDetailKinds.includes(change.kind)
    )
      bulk.clear()
  })
  await app.register(ocdsRoutes, { service, bulk })
}
