import {
  type ClientConfig,
  CLIENT_CONFIG_ELEMENT_ID,
} from '#common/client-config.ts'
import type { PortalApi } from '#common/portal-api.ts'
import { IMAGE_UPLOAD_TYPES } from '#common/upload-rules.ts'

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

// The editor's pictures go to the file service as pictures only (spec §7).
export async function uploadEditorImage(
  file: File,
  onProgress: (percent: number) => void,
): Promise<string> {
  const config = readClientConfig()
  // Loaded with the editor's first upload: every page reads through this module, few upload.
  const { portalFileServiceUpload } = await import('./upload-request.ts')
  const record = await portalFileServiceUpload(
    {
      base: config.portalApiBase,
      secret: config.portalApiSecret,
      aesKey: config.portalAesKey,
    },
    { accept: IMAGE_UPLOAD_TYPES },
  )(file, onProgress)
  return record.url
}
