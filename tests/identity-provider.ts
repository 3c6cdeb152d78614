import { generateKeyPairSync } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { type AddressInfo } from 'node:net'

import Provider from 'oidc-provider'
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js'

export type TestIdentityProvider = {
  issuer: string
  clientId: string
  clientSecret: string
  signInAs(authorizationUrl: string, subject: string): Promise<URL>
  cancel(authorizationUrl: string): Promise<URL>
  close(): Promise<void>
}

async function formOf(request: IncomingMessage) {
  let text = ''
  for await (const chunk of request) text += String(chunk)
  return new URLSearchParams(text)
}

export async function closedAddress(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}`
}

// Whoever signs in is the subject they type, as at a department's identity provider. Claims
// of its own (`claims`) the portal must not take for roles.
export async function startIdentityProvider({
  redirectUri,
  claims = {},
  hostName = '127.0.0.1',
}: {
  redirectUri: string
  claims?: Record<string, unknown>
  // `localhost` puts the issuer on another site than a portal at 127.0.0.1.
  hostName?: '127.0.0.1' | 'localhost'
}): Promise<TestIdentityProvider> {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://${hostName}:${(server.address() as AddressInfo).port}`
  const clientId = 'water-tender-portal'
  const clientSecret = 'client-secret-for-tests-0123456789abcdef'
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      return { accountId: sub, claims: async () => ({ sub, ...claims }) }
    },
    claims: { openid: ['sub', ...Object.keys(claims)] },
    conformIdTokenClaims: false,
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) =>
        `/interaction/${interaction.uid}`,
    },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'k1' }] },
    cookies: { keys: ['cookie-key-for-tests-0123456789'] },
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
    },
    // Its own storage, in memory: a test's provider lives as long as the test file.
    adapter: createMemoryAdapter(),
  })
  const callback = provider.callback()

  server.on('request', (request, response) => {
    const path = new URL(request.url ?? '/', issuer).pathname
    const [, first, uid, step] = path.split('/')
    if (first !== 'interaction' || !uid) return callback(request, response)
    void (async () => {
      const interaction = await provider.interactionDetails(request, response)
      if (request.method === 'GET' && step === undefined) {
        response.setHeader('content-type', 'text/html; charset=utf-8')
        response.end(
          `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>统一身份认证</title></head><body>` +
            `<form method="post" action="/interaction/${uid}/login"><label>用户名 <input name="login"></label>` +
            `<button type="submit">登录统一身份认证</button></form>` +
            `<a href="/interaction/${uid}/abort">取消</a></body></html>`,
        )
        return
      }
      if (step === 'abort') {
        await provider.interactionFinished(request, response, {
          error: 'access_denied',
          error_description: 'End-User aborted interaction',
        })
        return
      }
      const accountId = (await formOf(request)).get('login') ?? ''
      const grant = new provider.Grant({
        accountId,
        clientId: interaction.params.client_id,
      })
      grant.addOIDCScope('openid')
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId }, consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: false },
      )
    })().catch((error: unknown) => {
      response.statusCode = 500
      response.end(String(error))
    })
  })

  type Send = (url: URL, init?: RequestInit) => Promise<Response>

  async function browse(
    authorizationUrl: string,
    answer: (send: Send, form: URL) => Promise<Response>,
  ): Promise<URL> {
    const jar = new Map<string, string>()
    const send: Send = async (url, init = {}) => {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.headers as Record<string, string> | undefined),
          cookie: [...jar]
            .map(([name, value]) => `${name}=${value}`)
            .join('; '),
        },
      })
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';')
        const eq = pair.indexOf('=')
        const name = pair.slice(0, eq).trim()
        const value = pair.slice(eq + 1).trim()
        if (value === '' || /expires=thu, 01 jan 1970/i.test(line))
          jar.delete(name)
        else jar.set(name, value)
      }
      return response
    }
    let url = new URL(authorizationUrl)
    for (let hop = 0; hop < 10; hop++) {
      if (url.href.startsWith(`${redirectUri}?`)) return url
      let response = await send(url)
      if (response.status === 200 && url.pathname.startsWith('/interaction/')) {
        await response.text()
        response = await answer(send, url)
      }
      const location = response.headers.get('location')
      if (!location)
        throw new Error(
          `the provider answered ${response.status} at ${url.pathname}: ${await response.text()}`,
        )
      url = new URL(location, url)
    }
    throw new Error('too many redirects at the provider')
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (authorizationUrl, subject) =>
      browse(authorizationUrl, (send, form) =>
        send(new URL(`${form.pathname}/login`, form), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ login: subject }).toString(),
        }),
      ),
    cancel: (authorizationUrl) =>
      browse(authorizationUrl, (send, form) =>
        send(new URL(`${form.pathname}/abort`, form)),
      ),
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
