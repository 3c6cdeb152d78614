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
import { createPageCacheKey } from './page-cache-key.ts'
import {
  compress,
  compressForMany,
  type Encoding,
  type PageCache,
  pageBody,
  type RenderedPage,
} from './page-cache.ts'
import { SiteErrorSchema, siteErrorHandler } from './site-error-handler.ts'

type EntryContexts = {
  portalApiContext: RouterContext<PortalApi>
  clientConfigContext: RouterContext<ClientConfig>
}

type PageRoutesOptions = {
  build: ServerBuild
  api: PortalApi
  clientConfig: () => Promise<ClientConfig>
  cache: PageCache
}

const BODY_HEADERS = new Set([
  'content-length',
  'content-type',
  'transfer-encoding',
])

function toWebRequest(
  request: FastifyRequest,
  method: string,
  path: string,
): Request {
  const url = new URL(path, `http://${request.headers.host ?? 'localhost'}`)
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    // A form's POST answered with a page: the page is a GET, without the form's body.
    if (BODY_HEADERS.has(name)) continue
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

// Never kept or indexed: the staff console, and the saved searches' pages, whose addresses carry
// a mail's link and whose answers say what was done with it.
const isPrivatePage = (url: string) =>
  /^\/(?:admin|alerts)(?:[/?.]|$)/.test(url)

const PUBLIC_HEADERS: [string, string][] = [['cache-control', 'no-cache']]
const PRIVATE_HEADERS: [string, string][] = [
  ['cache-control', 'no-store'],
  ['x-robots-tag', 'noindex'],
]

async function toRenderedPage(
  response: Response,
  isPrivate: boolean,
): Promise<RenderedPage> {
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
    ...(isPrivate ? PRIVATE_HEADERS : PUBLIC_HEADERS),
    // The display mode's cookie chooses how the page is drawn (page-cache-key.ts).
    ['vary', 'Accept-Encoding, Cookie'],
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

export type PageRenderer = (
  request: FastifyRequest,
  reply: FastifyReply,
  as?: { url: string; status: number },
) => Promise<FastifyReply>

export function createPageRenderer(options: PageRoutesOptions): PageRenderer {
  const { build, api, clientConfig, cache } = options
  const handle = createRequestHandler(build, 'production')
  const contexts = build.entry.module as unknown as EntryContexts
  const cacheKey = createPageCacheKey(build)

  return async function render(request, reply, as) {
    // HEAD answers the headers the GET of the same page answers, CSP and type included (RFC 9110
    // §9.3.2): it is the GET, rendered or cached, whose body Node does not send for a HEAD.
    const method = as || request.method === 'HEAD' ? 'GET' : request.method
    const url = as?.url ?? request.url
    const isPrivate = isPrivatePage(url)
    const key = cacheKey(url, request.headers.cookie)
    const cached = method === 'GET' && !isPrivate ? cache.get(key) : undefined
    if (cached) {
      // Asked for again: kept for many, so worth its smallest copy.
      void compressForMany(cached)
      return sendPage(request, reply, cached)
    }

    const context = new RouterContextProvider()
    context.set(contexts.portalApiContext, api)
    context.set(contexts.clientConfigContext, await clientConfig())
    const response = await handle(toWebRequest(request, method, url), context)

    const isHtml = (response.headers.get('content-type') ?? '').startsWith(
      'text/html',
    )
    if (isHtml) {
      const page = await toRenderedPage(response, isPrivate)
      if (isCacheable(method, response) && !isPrivate) cache.set(key, page)
      return sendPage(
        request,
        reply,
        as ? { ...page, status: as.status } : page,
      )
    }
    reply.code(response.status)
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') reply.header(name, value)
    })
    // The private pages' redirects and router data are no more to be kept or indexed.
    if (isPrivate)
      for (const [name, value] of PRIVATE_HEADERS) reply.header(name, value)
    const cookies = response.headers.getSetCookie()
    if (cookies.length > 0) reply.header('set-cookie', cookies)
    if (!response.body) return reply.send()
    if (isCompressible(response)) {
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
}

export async function pageRoutes(
  app: FastifyInstance,
  options: { render: PageRenderer } | PageRoutesOptions,
) {
  const render =
    'render' in options ? options.render : createPageRenderer(options)
  app.setErrorHandler(siteErrorHandler)
  // Each page's path and query are parsed by its route module with the schemas of common/
  // (style.md, Route modules), and pages are rendered bytes: only a failure is JSON here.
  const schema = {
    response: { '4xx': SiteErrorSchema, '5xx': SiteErrorSchema },
  }
  const pages = withZodSchemas(app)
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    await render(request, reply)
  }
  pages.route({ method: ['GET', 'HEAD'], url: '/*', schema, handler })
  pages.route({ method: ['GET', 'HEAD'], url: '/', schema, handler })
}
