import type { PortalApi } from '#common/portal-api.ts'
import { FooterLinkGroupSchema } from '#common/schemas/site.ts'
import { decryptPortalJsonNode, portalSignNode } from './server-crypto.ts'

type RemoteLinkOptions = { linkApiBase: string; secret: string; aesKey: string }

const LINK_SERVICE_TIMEOUT_MS = 5000

// spec §7: the footer links come from their own API base; server-rendered pages show what the
// browser client would fetch.
export function withRemoteFooterLinks(
  api: PortalApi,
  options: RemoteLinkOptions,
): PortalApi {
  if (!/^https?:\/\//.test(options.linkApiBase)) return api
  const url = `${options.linkApiBase.replace(/\/$/, '')}/linkConfiguration/SearchByPlatformType`
  return {
    ...api,
    async footerLinks(query) {
      const body = { ...query, ts: Date.now() }
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-sign': portalSignNode(body, options.secret),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(LINK_SERVICE_TIMEOUT_MS),
      })
      const envelope = (await response.json()) as {
        State?: number
        Msg?: string
        Data?: string
      }
      if (envelope.State !== 200 || typeof envelope.Data !== 'string') {
        throw new Error(`链接服务返回错误：${envelope.Msg ?? response.status}`)
      }
      return FooterLinkGroupSchema.parse(
        decryptPortalJsonNode(envelope.Data, options.aesKey),
      )
    },
  }
}
