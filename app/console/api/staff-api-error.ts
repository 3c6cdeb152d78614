export const MSG_NETWORK_FAILED = '网络连接失败，请检查网络后重试'
export const msgUnexpectedAnswer = (status: number) =>
  `服务器暂时无法处理（${status}），请稍后重试`

export class StaffApiError extends Error {
  // 0 when no answer came
  readonly status: number
  readonly isSessionEnded: boolean
  // The session ended while this page was using it, not before it was opened.
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
