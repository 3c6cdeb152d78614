// The asker's error, never the server's.
export type RefusalStatus =
  400 | 401 | 403 | 404 | 408 | 409 | 410 | 413 | 415 | 429 | 503

// Every area throws this one type; each protocol edge turns it into its own envelope in its
// error handler. A 503's message is still meant for the person, unlike a failure's details.
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
