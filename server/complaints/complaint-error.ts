/**
 * A refusal of the complaint domain with a message for the person who asked: bad input (400),
 * an unknown complaint or wrong credentials (404), an action the lifecycle does not allow now
 * (409). Routes turn it into their protocol's error envelope; nothing was changed.
 */
export class ComplaintError extends Error {
  readonly status: 400 | 403 | 404 | 409 | 429 | 503
  constructor(status: ComplaintError['status'], message: string) {
    super(message)
    this.name = 'ComplaintError'
    this.status = status
  }
}
