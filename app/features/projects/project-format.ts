import { href } from 'react-router'

export const projectHref = (id: number, stage?: string) =>
  stage
    ? `${href('/business/detail')}?id=${id}&stage=${stage}`
    : `${href('/business/detail')}?id=${id}`

export const formatAmount = (amount: number) =>
  `${amount.toLocaleString('zh-CN', { maximumFractionDigits: 2 })} 万元`

// The facts' amounts are in 元: thousands separated, always two decimals.
export const formatYuan = (amount: number) =>
  amount.toLocaleString('zh-CN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })

export { partyLabel } from '#common/constants/trade.ts'

export function timeParts(text: string) {
  return {
    day: text.slice(0, 10),
    minute: text.slice(11, 16),
    dateTime: `${text.replace(' ', 'T')}+08:00`,
  }
}

export function writtenDate(text: string): string {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number)
  return `${year}年${month}月${day}日`
}

export const withdrawalText = (
  what: string,
  withdrawal: { at: string; reason: string },
) =>
  `${what}已于${writtenDate(withdrawal.at)}撤回。撤回原因：${withdrawal.reason}`
