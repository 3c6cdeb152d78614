import { STAFF_PASSWORD_MIN_LENGTH } from '#common/constants/staff.ts'

const STAFF_PASSWORD_MAX_LENGTH = 128

/**
 * The form a password is judged, hashed and compared in (NIST SP 800-63B §5.1.1.2): a full-width
 * "Ａ" typed on one keyboard and "A" on another are the same password.
 */
export const normalizePassword = (password: string) =>
  password.normalize('NFKC')

// Control and format characters, zero-width spaces, joiners and other characters that show as
// nothing: a password holding one cannot be typed again from what the person saw.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u

/** What both the console's form and the server refuse before judging strength. */
export function passwordShapeProblem(password: string): string | null {
  const normalized = normalizePassword(password)
  if (INVISIBLE.test(normalized))
    return '密码不能包含控制字符或看不见的字符（如零宽空格），请只用键盘上能看到的字符'
  if (normalized.trim() === '') return '密码不能只由空格组成'
  const length = [...normalized].length
  if (length < STAFF_PASSWORD_MIN_LENGTH)
    return `密码至少需要${STAFF_PASSWORD_MIN_LENGTH}个字符`
  if (length > STAFF_PASSWORD_MAX_LENGTH)
    return `密码不能超过${STAFF_PASSWORD_MAX_LENGTH}个字符`
  return null
}
