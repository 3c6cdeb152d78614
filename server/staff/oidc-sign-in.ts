import * as client from 'openid-client'

import { OIDC_STATE_MS } from '#common/constants/staff.ts'
import type { ExpiringStore } from '#server/shared/expiring-store.ts'

import { OidcRefusal } from './oidc-refusal.ts'
import { randomSecret, sha256Hex } from './secret-box.ts'

type OidcSignInOptions = {
  issuer: string
  clientId: string
  clientSecret: string
  redirectUri: string
  // Shared by every process with Redis.
  store: ExpiringStore
}

type PendingSignIn = {
  nonce: string
  codeVerifier: string
  returnTo: string
  // SHA-256 of the key in the browser's cookie: the callback must come to the same browser.
  browserHash: string
}

// The provider's metadata is read again after an hour, so a changed endpoint is picked up
// without a restart; its signing keys are fetched by openid-client when a new one appears.
const DISCOVERY_MS = 3600_000
const TIMEOUT_SECONDS = 10

const pendingKey = (state: string) => `staff-oidc:${state}`

function describeError(error: unknown): string {
  if (error instanceof client.AuthorizationResponseError)
    return `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`
  if (error instanceof client.ResponseBodyError)
    return `${error.error} (${error.status})${error.error_description ? `: ${error.error_description}` : ''}`
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    return `${typeof code === 'string' ? `${code}: ` : ''}${error.message}`
  }
  return String(error)
}

// The provider proves who the person is; which account that is, and whether it may come in,
// the staff service decides. State, nonce and PKCE verifier stay on the server, used once; the browser
// holds only a random key that ties the callback to the browser that began the sign-in.
export function createOidcSignIn({
  issuer,
  clientId,
  clientSecret,
  redirectUri,
  store,
}: OidcSignInOptions) {
  let discovered:
    { at: number; configuration: Promise<client.Configuration> } | undefined

  function discover(): Promise<client.Configuration> {
    if (discovered && discovered.at + DISCOVERY_MS > Date.now())
      return discovered.configuration
    const configuration = client.discovery(
      new URL(issuer),
      clientId,
      clientSecret,
      // OpenID Connect's default method, which every provider supports.
      client.ClientSecretBasic(),
      {
        timeout: TIMEOUT_SECONDS,
        // Plain http only for a provider on this machine (the configuration allows no other).
        execute: issuer.startsWith('http:')
          ? [client.allowInsecureRequests]
          : [],
      },
    )
    const entry = { at: Date.now(), configuration }
    discovered = entry
    // A failed discovery is not kept: the next sign-in asks the provider again.
    configuration.catch(() => {
      if (discovered === entry) discovered = undefined
    })
    return configuration
  }

  async function configurationOrRefuse(): Promise<client.Configuration> {
    try {
      return await discover()
    } catch (error) {
      throw new OidcRefusal('oidc-unavailable', {
        providerError: describeError(error),
        cause: error,
      })
    }
  }

  async function begin(returnTo: string) {
    const configuration = await configurationOrRefuse()
    const state = client.randomState()
    const nonce = client.randomNonce()
    const codeVerifier = client.randomPKCECodeVerifier()
    const browserKey = randomSecret()
    const pending: PendingSignIn = {
      nonce,
      codeVerifier,
      returnTo,
      browserHash: sha256Hex(browserKey),
    }
    await store.set(pendingKey(state), JSON.stringify(pending), OIDC_STATE_MS)
    const authorizationUrl = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid',
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    })
    return { authorizationUrl, browserKey }
  }

  // `search`: the query as received, its fields checked by the edge. The begun sign-in is used
  // up whatever the outcome.
  async function finish(
    search: string,
    state: string | undefined,
    browserKey: string | undefined,
  ) {
    const kept = state ? await store.take(pendingKey(state)) : null
    const pending = kept ? (JSON.parse(kept) as PendingSignIn) : null
    if (
      !state ||
      !pending ||
      !browserKey ||
      sha256Hex(browserKey) !== pending.browserHash
    )
      throw new OidcRefusal('oidc-expired')
    const configuration = await configurationOrRefuse()
    const callbackUrl = new URL(redirectUri)
    callbackUrl.search = search
    try {
      const tokens = await client.authorizationCodeGrant(
        configuration,
        callbackUrl,
        {
          expectedState: state,
          expectedNonce: pending.nonce,
          pkceCodeVerifier: pending.codeVerifier,
          idTokenExpected: true,
        },
      )
      const subject = tokens.claims()?.sub
      if (!subject) throw new Error('the ID token names no subject')
      return { subject, returnTo: pending.returnTo }
    } catch (error) {
      const isDenied =
        error instanceof client.AuthorizationResponseError &&
        error.error === 'access_denied'
      throw new OidcRefusal(isDenied ? 'oidc-denied' : 'oidc-failed', {
        providerError: describeError(error),
        cause: error,
      })
    }
  }

  return { begin, finish }
}
export type OidcSignIn = ReturnType<typeof createOidcSignIn>
