import { type AddressInfo } from 'node:net'

import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = ParsedMail & { recipients: string[] }

export type TestSmtpServer = {
  url: string
  received: ReceivedMail[]
  // 451 by default, as a busy server does; 550 as one that knows no such mailbox.
  refuseNext(count: number, code?: 451 | 550): void
  waitForMail(
    matches: (mail: ReceivedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedMail>
  close(): Promise<void>
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = []
  const waiting = new Set<() => void>()
  let toRefuse = 0
  let refusalCode = 451
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      if (toRefuse > 0) {
        toRefuse--
        stream.resume()
        stream.on('end', () =>
          callback(
            Object.assign(
              new Error(
                refusalCode === 451
                  ? 'Mailbox busy, try again later'
                  : 'No such mailbox here',
              ),
              { responseCode: refusalCode },
            ),
          ),
        )
        return
      }
      simpleParser(stream).then(
        (mail) => {
          received.push({
            ...mail,
            recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          })
          for (const wake of waiting) wake()
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count, code = 451) {
      toRefuse = count
      refusalCode = code
    },
    waitForMail(matches, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = received.find(matches)
          if (!mail) return
          clearTimeout(timer)
          waiting.delete(check)
          resolve(mail)
        }
        const timer = setTimeout(() => {
          waiting.delete(check)
          reject(new Error('no such mail received in time'))
        }, timeoutMs)
        waiting.add(check)
        check()
      })
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

export function linkIn(mail: ParsedMail, path: string): string {
  const link = (mail.text ?? '')
    .split(/\s+/)
    .find((word) => word.includes(path) && /^https?:\/\//.test(word))
  if (!link) throw new Error(`no ${path} link in the mail:\n${mail.text}`)
  return link
}

// As written: mailparser folds List-* into `list`.
export function headerOf(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n/g, '')
    .trim()
}
