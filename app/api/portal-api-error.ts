// The visitor has already been told.
export class PortalApiError extends Error {
  readonly state: number
  constructor(state: number, message: string) {
    super(message)
    this.name = 'PortalApiError'
    this.state = state
  }
}
