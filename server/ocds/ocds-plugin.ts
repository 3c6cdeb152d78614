import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import type { AppConfig } from '#server/shared/config.ts'
import { createSiteSettingsRead } from '#server/site/site-settings.ts'

import { createBulkFiles } from './ocds-bulk-files.ts'
import { noPartyDetails, type OcdsPartyDetails } from './ocds-parties.ts'
import { ocdsRoutes } from './ocds-routes.ts'
import { createOcdsService } from './ocds-service.ts'

const OCDS_KINDS = ['project', 'announcement', 'siteSettings']

type OcdsPluginOptions = {
  db: Kysely<Database>
  config: Pick<AppConfig, 'ocdsOcidPrefix' | 'publicBaseUrl'>
  // Default: nothing more than the announcements say.
  partyDetails?: OcdsPartyDetails
  partyDetailKinds?: string[]
}

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
