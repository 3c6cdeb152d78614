import { useSyncExternalStore } from 'react'

/**
 * antd's Steps are responsive: below 576 px (antd's xs breakpoint) they stand vertical, but
 * only once their script has measured the screen. The page paints before its scripts run
 * (server/pages/deferred-app-start.ts), so a phone would see them across, then the form below
 * jump down. This script, first in the server page's <body>, turns each as the parser adds it,
 * before anything is painted (mutation observers run before the browser draws); antd's own
 * render then matches it. Every Steps of the portal is responsive.
 */
export const STEPS_BEFORE_PAINT = `if (matchMedia('(max-width: 575px)').matches) {
  const turn = (node) => {
    const all = node.matches('.ant-steps-horizontal') ? [node] : []
    for (const steps of [...all, ...node.querySelectorAll('.ant-steps-horizontal')])
      steps.classList.replace('ant-steps-horizontal', 'ant-steps-vertical')
  }
  const parsing = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) if (node.nodeType === 1) turn(node)
  })
  parsing.observe(document.documentElement, { childList: true, subtree: true })
  addEventListener('DOMContentLoaded', () => parsing.disconnect(), { once: true })
}`

const noSubscription = () => () => undefined

/** The script above, in the server's page only: one React adds in the browser never runs. */
export function StepsBeforePaint() {
  const isServerHtml = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  )
  return isServerHtml ? (
    <script dangerouslySetInnerHTML={{ __html: STEPS_BEFORE_PAINT }} />
  ) : null
}
