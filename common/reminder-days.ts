import { REMINDER_DEFAULT_DAYS } from '#common/constants/staff.ts'

/** '1,0' → [1, 0]; an unreadable value is the default, not an error at every reminder. */
export function parseReminderDays(text: string | null | undefined): number[] {
  const days = (text ?? '')
    .split(',')
    .filter((part) => /^\d$/.test(part))
    .map(Number)
  return days.length > 0 ? days : [...REMINDER_DEFAULT_DAYS]
}
