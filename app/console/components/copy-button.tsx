import { Button } from 'antd'
import { useState } from 'react'

// A page not served over TLS may not use the clipboard: the text stays on screen to be copied.
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
