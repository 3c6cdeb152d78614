import {
  type ClientConfig,
  CLIENT_CONFIG_ELEMENT_ID,
} from '#common/client-config.ts'
import type { PortalApi } from '#common/portal-api.ts'

import { createBrowserFeedback } from './api-feedback.ts'
import { createPortalHttpClient } from './portal-http-client.ts'

let client: PortalApi | undefined

export function readClientConfig(): ClientConfig {
  const element = document.getElementById(CLIENT_CONFIG_ELEMENT_ID)
  if (!element?.textContent) throw new Error('页面配置缺失，请刷新页面')
  return JSON.parse(element.textContent) as ClientConfig
}

export function getBrowserPortalApi(): PortalApi {
  if (!client) {
    const config = readClientConfig()
    const created = createPortalHttpClient(
      {
        base: config.portalApiBase,
        linkApiBase: config.linkApiBase,
        secret: config.portalApiSecret,
        aesKey: config.portalAesKey,
      },
      createBrowserFeedback(),
    )
    client = created
    return created
  }
  return client
}

export async function uploadEditorImage(
  file: File,
  onProgress: (percent: number) => void,
): Promise<string> {
  const config = readClientConfig()
  // Loaded with the editor's first upload: every page reads through this module, few upload.
  const { portalImageUpload } = await import('./upload-request.ts')
  return portalImageUpload(
    { base: config.portalApiBase, secret: config.portalApiSecret },
    '/File/EditorImage',
  )(file, onProgress)
}
