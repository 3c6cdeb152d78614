import { OCDS_ERRORS, type OcdsErrorCode } from '#common/schemas/ocds.ts'
import { Refusal, type RefusalStatus } from '#server/shared/refusal.ts'

export class OcdsRefusal extends Refusal {
  readonly code: OcdsErrorCode
  constructor(
    status: RefusalStatus,
    code: OcdsErrorCode,
    message: string = OCDS_ERRORS[code],
  ) {
    super(status, message)
    this.name = 'OcdsRefusal'
    this.code = code
  }
}
