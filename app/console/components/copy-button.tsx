import { Button } from 'antd'
import { useState } from 'react'

/**
 * Copies a text (a token, a setup link) to the clipboard. Where the browser refuses (a page
 * not served over TLS), it says so: the text stays on screen to be selected and copied.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      setState('copied')
    } catch {
      setState('failed')
    }
  }
  return (
    <>
      <Button onClick={() => void copy()}>{label}</Button>
      <span role="status" aria-live="polite">
        {state === 'copied'
          ? '已复制'
          : state === 'failed'
            ? '浏览器不允许复制，请选中上方文字后手动复制'
            : ''}
      </span>
    </>
  )
}
