import { createBrowserFeedback } from './api-feedback.ts'
import { readClientConfig } from './browser-portal-api.ts'
import {
  createRegionalHttpClient,
  type RegionalHttpClient,
} from './regional-http-client.ts'

let client: RegionalHttpClient | undefined

/** The signed regional complaint API client of the browser (architecture.md, Protocols). */
export function getBrowserRegionalApi(): RegionalHttpClient {
  if (!client) {
    const config = readClientConfig()
    client = createRegionalHttpClient(
      { base: config.regionalApiBase, secret: config.regionalHmacSecret },
      createBrowserFeedback(),
    )
  }
  return client
}
