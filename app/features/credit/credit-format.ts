import type { CreditStatus } from '#common/constants/credit.ts'
import type { StatusTone } from '#app/components/ui/status-tag.tsx'

export function writtenDate(text: string): string {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number)
  return `${year}年${month}月${day}日`
}

/** 公示中 asks for attention; an archived record is history. */
export const STATUS_TONES: Record<CreditStatus, StatusTone> = {
  public: 'warning',
  archived: 'neutral',
}

export const publicPeriod = (record: {
  decisionDate: string
  publicUntil: string
}) => `${record.decisionDate} 至 ${record.publicUntil}`
