type InfoLog = { info(object: object, message: string): void }

// Bounded so memory stays flat.
const RECENT_MAX = 100

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
