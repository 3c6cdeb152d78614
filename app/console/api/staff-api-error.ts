export const MSG_NETWORK_FAILED = '网络连接失败，请检查网络后重试'
export const msgUnexpectedAnswer = (status: number) =>
  `服务器暂时无法处理（${status}），请稍后重试`

/** A call the staff API refused or could not answer; `message` is Chinese, for the person. */
export class StaffApiError extends Error {
  /** The HTTP status; 0 when no answer came. */
  readonly status: number
  /** There is no session (any more): the person must sign in (again). */
  readonly isSessionEnded: boolean
  /** The session ended while this page was using it (not: the page was opened signed out). */
  readonly hasEndedInUse: boolean
  constructor(
    status: number,
    message: string,
    { isSessionEnded = false, hasEndedInUse = false } = {},
  ) {
    super(message)
    this.name = 'StaffApiError'
    this.status = status
    this.isSessionEnded = isSessionEnded
    this.hasEndedInUse = hasEndedInUse
  }
}
