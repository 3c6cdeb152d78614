import { useSyncExternalStore } from 'react'

// antd's Steps stand vertical below 576 px only once their script has measured the screen, and
// the page paints before its scripts run: a phone would see them across, then the form jump down.
// Mutation observers run before the browser draws, so this turns each Steps as it is parsed.
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

// One React adds in the browser never runs.
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
