import { href } from 'react-router'

/** A project's page, on the tab of one stage or (without) on its current stage. */
export const projectHref = (id: number, stage?: string) =>
  stage
    ? `${href('/business/detail')}?id=${id}&stage=${stage}`
    : `${href('/business/detail')}?id=${id}`

/** Amounts are kept in 万元; shown with up to two decimals. */
export const formatAmount = (amount: number) =>
  `${amount.toLocaleString('zh-CN', { maximumFractionDigits: 2 })} 万元`

/** Who puts the project out, named as each kind of trade names it. */
export function partyLabel(category: number) {
  if (category === 1) return '招标人'
  if (category === 2) return '采购人'
  if (category >= 3 && category <= 5) return '出让人'
  return '转让方'
}

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
