import type { RegionalApi } from '#common/regional-api.ts'

import { createBrowserFeedback } from './api-feedback.ts'
import { readClientConfig } from './browser-portal-api.ts'
import { createRegionalHttpApi } from './regional-http-api.ts'
import { createRegionalHttpClient } from './regional-http-client.ts'

let api: RegionalApi | undefined

// Made on first use: the keys come from the page, which the server does not have.
export function getBrowserRegionalApi(): RegionalApi {
  if (!api) {
    const config = readClientConfig()
    api = createRegionalHttpApi(
      createRegionalHttpClient(
        { base: config.regionalApiBase, secret: config.regionalHmacSecret },
        createBrowserFeedback(),
      ),
    )
  }
  return api
}
