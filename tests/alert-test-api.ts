import { type FastifyInstance } from 'fastify'

import {
  type ReceivedMail,
  linkIn,
  type TestSmtpServer,
} from './smtp-server.ts'

// A new address for each call keeps the per-client limits out of the way.
export function clientAddresses() {
  let n = 0
  return () => {
    n += 1
    return `10.20.${Math.floor(n / 250)}.${(n % 250) + 1}`
  }
}

export type AlertFields = Record<string, string>

export function alertTestApi(app: FastifyInstance, smtp: TestSmtpServer) {
  const nextAddress = clientAddresses()
  const form = (
    url: string,
    fields: AlertFields,
    remoteAddress = nextAddress(),
  ) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress,
    })
  const tokenOf = (link: string) =>
    new URL(link).searchParams.get('token') ?? ''
  return {
    nextAddress,
    subscribe: (fields: AlertFields, remoteAddress = nextAddress()) =>
      app.inject({
        method: 'POST',
        url: '/alerts/subscribe',
        payload: fields,
        remoteAddress,
      }),
    subscribeForm: (fields: AlertFields, remoteAddress?: string) =>
      form('/alerts/subscribe', fields, remoteAddress),
    confirm: (token: string) => form('/alerts/confirm', { token }),
    unsubscribe: (token: string) => form('/alerts/unsubscribe', { token }),
    // RFC 8058 one-click: a POST to the List-Unsubscribe address.
    oneClick: (link: string) =>
      app.inject({
        method: 'POST',
        url: new URL(link).pathname + new URL(link).search,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
        remoteAddress: nextAddress(),
      }),
    tokenOf,
    mailsTo: (address: string) =>
      smtp.received.filter((mail) => mail.recipients.includes(address)),
    mailTo: (address: string, subject: string | RegExp, timeoutMs?: number) =>
      smtp.waitForMail(
        (mail) =>
          mail.recipients.includes(address) &&
          (typeof subject === 'string'
            ? (mail.subject ?? '').includes(subject)
            : subject.test(mail.subject ?? '')),
        timeoutMs,
      ),
    async confirmationToken(address: string) {
      const mail = await smtp.waitForMail(
        (m) =>
          m.recipients.includes(address) &&
          (m.subject ?? '').includes('请确认订阅'),
      )
      return tokenOf(linkIn(mail, '/alerts/confirm'))
    },
    linkIn: (mail: ReceivedMail, path: string) => linkIn(mail, path),
  }
}
