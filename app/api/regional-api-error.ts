// The visitor has already been told.
export class RegionalApiError extends Error {
  readonly state: number
  constructor(state: number, message: string) {
    super(message)
    this.name = 'RegionalApiError'
    this.state = state
  }
}
