const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
// Indexed by the weighted sum mod 11.
const CHECK_CHARACTERS = '10X98765432'

/**
 * The check digit (the 18th character) of the first 17 digits of a 公民身份号码, GB 11643-1999
 * (ISO 7064 MOD 11-2); undefined when one of them is not a digit.
 */
export function idCardCheckCharacter(first17: string): string | undefined {
  let sum = 0
  for (let i = 0; i < 17; i++) {
    const character = first17[i] ?? ''
    if (!/^\d$/.test(character)) return undefined
    sum += Number(character) * WEIGHTS[i]!
  }
  return CHECK_CHARACTERS[sum % 11]
}

/**
 * Why `number` (trimmed, upper case) is not a 居民身份证号码, in Chinese; null when it is one.
 */
export function idCardNumberProblem(number: string): string | null {
  const characters = [...number]
  if (characters.length !== 18)
    return `身份证号码应为18位，当前为${characters.length}位`
  for (const [i, character] of characters.slice(0, 17).entries())
    if (!/^\d$/.test(character))
      return `身份证号码第${i + 1}位「${character}」无效：前17位只能是数字`
  const last = characters[17]!
  if (!/^[\dX]$/.test(last))
    return `身份证号码第18位「${last}」无效：只能是数字或 X`
  const expected = idCardCheckCharacter(number.slice(0, 17))
  if (expected !== last)
    return `身份证号码的最后一位校验码应为 ${expected}，请核对是否有输错的数字`
  return null
}
