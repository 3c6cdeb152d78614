import type { FastifyRequest } from 'fastify'

/**
 * A request's address as the log keeps it: the value of a `token` parameter (the link of a
 * confirmation or unsubscription mail, which acts for whoever holds it) replaced by `…`.
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1…')
}

/**
 * Fastify's request serializer with the address redacted: every logged request line (the
 * incoming request, its completion) goes through it.
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }
  },
}
