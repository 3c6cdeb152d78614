import {
  createNonce,
  regionalSignature,
} from '#common/protocol/regional-sign.ts'

export type RegionalHttpConfig = { base: string; secret: string }
export type RegionalQuery = Record<
  string,
  string | number | boolean | null | undefined
>

export function createRegionalRequestSigning(config: RegionalHttpConfig) {
  function resolveUrl(path: string, query: RegionalQuery = {}): URL {
    const origin = globalThis.location?.href ?? 'http://localhost/'
    const url = new URL(config.base.replace(/\/$/, '') + path, origin)
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null)
        url.searchParams.append(key, String(value))
    }
    return url
  }

  async function signedHeaders(
    method: string,
    url: URL,
    contentSha256: string,
  ) {
    const timestamp = String(Date.now())
    const nonce = createNonce()
    // The server signs its raw URL; fetch sends url.pathname + url.search, starting at /xjApi.
    const path = url.pathname.slice(Math.max(0, url.pathname.indexOf('/xjApi')))
    const input = {
      method,
      pathAndQuery: path + url.search,
      timestamp,
      nonce,
      contentSha256,
    }
    return {
      'X-Timestamp': timestamp,
      'X-Nonce': nonce,
      'X-Content-SHA256': contentSha256,
      'X-Signature': await regionalSignature(input, config.secret),
    }
  }

  return { resolveUrl, signedHeaders }
}
