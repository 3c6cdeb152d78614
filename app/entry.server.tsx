import { PassThrough } from 'node:stream'

import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, type RouterContextProvider, ServerRouter } from 'react-router'

import { NonceProvider } from '#app/components/nonce.tsx'
import { cspNonceContext } from '#app/api/router-context.ts'

export { clientConfigContext, cspNonceContext, portalApiContext } from '#app/api/router-context.ts'

const RENDER_TIMEOUT_MS = 10_000

/**
 * Pages render completely before they are sent: antd's CSS-in-JS styles are known only once
 * the whole tree has rendered, and sending them in <head> avoids a flash of unstyled content
 * (docs/decisions.md, antd SSR styles). Anonymous pages are cached by the host, so the cost
 * of waiting is paid once per page, not per visitor.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const nonce = loadContext.get(cspNonceContext)
  const cache = createCache()
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <StyleProvider cache={cache}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StyleProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = []
          const sink = new PassThrough()
          sink.on('data', (chunk: Buffer) => chunks.push(chunk))
          sink.on('end', () => {
            clearTimeout(timer)
            const html = Buffer.concat(chunks).toString('utf8')
            const styles = extractStyle(cache)
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
            resolve(
              new Response(html.replace('</head>', `${styles}</head>`), {
                status,
                headers: responseHeaders,
              }),
            )
          })
          pipe(sink)
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500
          console.error(error)
        },
      },
    )
    const timer = setTimeout(abort, RENDER_TIMEOUT_MS)
  })
}
