import { Readable } from 'node:stream'

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  createRequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router'

import type { ClientConfig } from '#common/client-config.ts'
import type { PortalApi } from '#common/portal-api.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import {
  contentSecurityPolicy,
  inlineScriptHashes,
} from './content-security-policy.ts'
import { deferAppStart } from './deferred-app-start.ts'
import {
  compress,
  type Encoding,
  type PageCache,
  pageBody,
  type RenderedPage,
} from './page-cache.ts'
import { SiteErrorSchema, siteErrorHandler } from './site-error-handler.ts'

/** The context keys the app's server entry exports (app/entry.server.tsx). */
type EntryContexts = {
  portalApiContext: RouterContext<PortalApi>
  clientConfigContext: RouterContext<ClientConfig>
}

export type PageRoutesOptions = {
  build: ServerBuild
  api: PortalApi
  clientConfig: ClientConfig
  cache: PageCache
}

function toWebRequest(request: FastifyRequest, method: string): Request {
  const url = new URL(
    request.url,
    `http://${request.headers.host ?? 'localhost'}`,
  )
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v))
    else if (value !== undefined) headers.set(name, String(value))
  }
  return new Request(url, { method, headers })
}

function isCacheable(method: string, response: Response) {
  return (
    method === 'GET' &&
    response.status === 200 &&
    (response.headers.get('content-type') ?? '').startsWith('text/html') &&
    !response.headers.has('set-cookie')
  )
}

/** The router's answers worth compressing: its manifest (JSON) and its data (text/x-script). */
function isCompressible(response: Response) {
  const type = response.headers.get('content-type') ?? ''
  return (
    !response.headers.has('content-encoding') &&
    /^(application\/json|text\/x-script)\b/.test(type)
  )
}

function preferredEncoding(request: FastifyRequest): Encoding {
  const accepted = request.headers['accept-encoding'] ?? ''
  if (/\bbr\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted)) return 'gzip'
  return 'identity'
}

/**
 * The staff console (/admin, its pages and the router's data for them): a signed-in person's
 * pages. They hold nothing personal when rendered (their data comes in the browser), but they
 * are still never kept by the page cache, a proxy or the browser, and never indexed.
 */
export const isConsolePage = (url: string) => /^\/admin(?:[/?.]|$)/.test(url)

// A public page may be kept, but is checked again before each use (it may have changed).
const PUBLIC_HEADERS: [string, string][] = [['cache-control', 'no-cache']]
const CONSOLE_HEADERS: [string, string][] = [
  ['cache-control', 'no-store'],
  ['x-robots-tag', 'noindex'],
]

async function toRenderedPage(
  response: Response,
  isConsole: boolean,
): Promise<RenderedPage> {
  // The page as sent: its app start deferred past the first paint, its inline scripts hashed.
  const html = deferAppStart(await response.text())
  const body = Buffer.from(html, 'utf8')
  const headers = [...response.headers].filter(
    ([name]) => name !== 'content-length',
  )
  headers.push(
    [
      'content-security-policy',
      contentSecurityPolicy(inlineScriptHashes(html)),
    ],
    ...(isConsole ? CONSOLE_HEADERS : PUBLIC_HEADERS),
    ['vary', 'Accept-Encoding'],
  )
  return { status: response.status, headers, body }
}

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: RenderedPage,
) {
  const encoding = preferredEncoding(request)
  reply.code(page.status)
  for (const [name, value] of page.headers) reply.header(name, value)
  if (encoding !== 'identity') reply.header('content-encoding', encoding)
  return reply.send(pageBody(page, encoding))
}

/**
 * Server-side rendering of the React Router app: every page's HTML holds its text before any
 * script runs, and the same handler answers the router's own data and manifest requests.
 */
export async function pageRoutes(
  app: FastifyInstance,
  options: PageRoutesOptions,
) {
  const { build, api, clientConfig, cache } = options
  const handle = createRequestHandler(build, 'production')
  const contexts = build.entry.module as unknown as EntryContexts

  async function render(request: FastifyRequest, reply: FastifyReply) {
    // HEAD answers the headers the GET of the same page answers, CSP and type included (RFC 9110
    // §9.3.2): it is the GET, rendered or cached, whose body Node does not send for a HEAD.
    const method = request.method === 'HEAD' ? 'GET' : request.method
    const isConsole = isConsolePage(request.url)
    const cached =
      method === 'GET' && !isConsole ? cache.get(request.url) : undefined
    if (cached) return sendPage(request, reply, cached)

    const context = new RouterContextProvider()
    context.set(contexts.portalApiContext, api)
    context.set(contexts.clientConfigContext, clientConfig)
    const response = await handle(toWebRequest(request, method), context)

    const isHtml = (response.headers.get('content-type') ?? '').startsWith(
      'text/html',
    )
    if (isHtml) {
      const page = await toRenderedPage(response, isConsole)
      if (isCacheable(method, response) && !isConsole)
        cache.set(request.url, page)
      return sendPage(request, reply, page)
    }
    reply.code(response.status)
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') reply.header(name, value)
    })
    // The console's redirects and router data are no more to be kept or indexed than its pages.
    if (isConsole)
      for (const [name, value] of CONSOLE_HEADERS) reply.header(name, value)
    const cookies = response.headers.getSetCookie()
    if (cookies.length > 0) reply.header('set-cookie', cookies)
    if (!response.body) return reply.send()
    if (isCompressible(response)) {
      // The router's route manifest and page data: JSON and script text, often tens of KB.
      const encoding = preferredEncoding(request)
      const body = Buffer.from(await response.arrayBuffer())
      reply.removeHeader('content-length')
      reply.header('vary', 'Accept-Encoding')
      if (encoding === 'identity' || body.length < 1024) return reply.send(body)
      reply.header('content-encoding', encoding)
      return reply.send(compress(body, encoding))
    }
    return reply.send(
      Readable.fromWeb(
        response.body as import('node:stream/web').ReadableStream,
      ),
    )
  }

  app.setErrorHandler(siteErrorHandler)
  // Each page's path and query are parsed by its route module with the schemas of common/
  // (style.md, Route modules), and pages are rendered bytes: only a failure is JSON here.
  const schema = {
    response: { '4xx': SiteErrorSchema, '5xx': SiteErrorSchema },
  }
  const pages = withZodSchemas(app)
  pages.route({ method: ['GET', 'HEAD'], url: '/*', schema, handler: render })
  pages.route({ method: ['GET', 'HEAD'], url: '/', schema, handler: render })
}
