import { PassThrough } from 'node:stream'

import { renderToPipeableStream } from 'react-dom/server'
import {
  type EntryContext,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router'

export {
  clientConfigContext,
  portalApiContext,
} from '#app/api/router-context.ts'

const RENDER_TIMEOUT_MS = 10_000

// Rendered completely before sending: the host caches whole pages for anonymous visitors, and a
// complete page is what crawlers and visitors without scripts need.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    })
  }
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        onAllReady() {
          const chunks: Buffer[] = []
          const sink = new PassThrough()
          sink.on('data', (chunk: Buffer) => chunks.push(chunk))
          sink.on('end', () => {
            clearTimeout(timer)
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
            resolve(
              new Response(Buffer.concat(chunks), {
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
