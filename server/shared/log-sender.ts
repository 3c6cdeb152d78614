/** The part of a pino logger a log sender needs. */
type InfoLog = { info(object: object, message: string): void }

/** Operators and tests read the last messages; bounded so memory stays flat. */
const RECENT_MAX = 100

/**
 * A sender that writes each message to the server log instead of delivering it (the embedded
 * defaults for mail and text messages), keeping the last ones in `sent`. `entry` is what the
 * log holds of a message: it masks the recipient.
 */
export function createLogSender<M>(
  log: InfoLog,
  entry: (message: M) => object,
  note: string,
) {
  const sent: M[] = []
  return {
    sent,
    async send(message: M) {
      sent.push(message)
      if (sent.length > RECENT_MAX) sent.shift()
      log.info(entry(message), note)
    },
  }
}
