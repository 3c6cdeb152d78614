import { href } from 'react-router'

/** A project's page, on the tab of one stage or (without) on its current stage. */
export const projectHref = (id: number, stage?: string) =>
  stage
    ? `${href('/business/detail')}?id=${id}&stage=${stage}`
    : `${href('/business/detail')}?id=${id}`

/** Amounts are kept in 万元; shown with up to two decimals. */
export const formatAmount = (amount: number) =>
  `${amount.toLocaleString('zh-CN', { maximumFractionDigits: 2 })} 万元`

/** Who puts the project out (招标人, 采购人 …): shared with the console's project form. */
export { partyLabel } from '#common/constants/trade.ts'

/**
 * A stored time 'YYYY-MM-DD HH:mm:ss' (Asia/Shanghai, as every time of the portal) split for
 * display: its day and its minute, and the value of a <time> element.
 */
export function timeParts(text: string) {
  return {
    day: text.slice(0, 10),
    minute: text.slice(11, 16),
    dateTime: `${text.replace(' ', 'T')}+08:00`,
  }
}

/** 2026-11-24 … → 2026年11月24日, as a notice dates itself. */
export function writtenDate(text: string): string {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number)
  return `${year}年${month}月${day}日`
}

/** What a withdrawn project, announcement or record says in its place. */
export const withdrawalText = (
  what: string,
  withdrawal: { at: string; reason: string },
) =>
  `${what}已于${writtenDate(withdrawal.at)}撤回。撤回原因：${withdrawal.reason}`
