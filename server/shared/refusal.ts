/** HTTP statuses a refusal may carry: the asker's error, never the server's. */
export type RefusalStatus =
  400 | 401 | 403 | 404 | 408 | 409 | 410 | 413 | 415 | 423 | 429 | 503

/**
 * A request refused with a Chinese message for the person who asked; nothing was changed.
 * Every area throws this one type; each protocol edge turns it into its own envelope once, in
 * its error handler (Portal `{ State, Msg }`, regional `{ Success: false, State, Msg }`, pages).
 * `state` is the envelope's State code where a protocol distinguishes it from the HTTP status.
 * A 503 says the service cannot do it now (a text message not sent, a queue full): its message
 * is still meant for the person, unlike the details of a failure, which only the log sees.
 */
export class Refusal extends Error {
  readonly status: RefusalStatus
  readonly state: number
  constructor(
    status: RefusalStatus,
    message: string,
    options?: { state?: number; cause?: unknown },
  ) {
    super(
      message,
      options?.cause === undefined ? undefined : { cause: options.cause },
    )
    this.name = 'Refusal'
    this.status = status
    this.state = options?.state ?? status
  }
}
