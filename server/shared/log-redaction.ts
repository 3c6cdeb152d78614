import type { FastifyRequest } from 'fastify'

// A confirmation or unsubscription link acts for whoever holds it.
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1…')
}

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
