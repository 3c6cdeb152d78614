import { generateSecret, generateURI, verify } from 'otplib'

import { STAFF_TOTP_ISSUER } from '#common/constants/staff.ts'

export const newTotpSecret = () => generateSecret()

export const totpUri = (secret: string, accountName: string) =>
  generateURI({ issuer: STAFF_TOTP_ISSUER, label: accountName, secret })

// One step of clock drift either way is tolerated; a code of a step at or before `lastStep`
// (already used) is a replay.
export async function checkTotp(
  secret: string,
  code: string,
  lastStep: number,
  at: Date,
): Promise<{ step: number } | 'wrong' | 'replayed'> {
  if (!/^\d{6}$/.test(code)) return 'wrong'
  const options = {
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: 30,
  }
  const result = await verify(options)
  if (!result.valid || !('timeStep' in result)) return 'wrong'
  if (result.timeStep <= lastStep) return 'replayed'
  return { step: result.timeStep }
}
