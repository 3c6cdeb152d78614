import { Input } from 'antd'
import { lazy, Suspense, useRef, useState, useSyncExternalStore } from 'react'

import { EDITOR_DEFAULT_HEIGHT } from '#common/constants/ui.ts'

import { ChunkErrorBoundary } from './chunk-error-boundary.tsx'
import type { TinymceEditorProps } from './tinymce-editor.tsx'

export type RichTextEditorProps = Omit<TinymceEditorProps, 'onReady'>

const subscribeNothing = () => () => {}

// TinyMCE is large (some 360 KB compressed) and works only in a browser: it loads when the
// visitor turns to the field, not with the page.
const TinymceEditor = lazy(() => import('./tinymce-editor.tsx'))

// Until TinyMCE is wanted and loaded, a plain textarea holds the same value, so nothing typed is
// lost, and stays if TinyMCE cannot load. A field holding a value wants it at once: a restored
// draft is shown formatted, not as HTML.
export function RichTextEditor(props: RichTextEditorProps) {
  // TinyMCE is rendered only after hydration: false on the server and in the hydration pass.
  const isBrowser = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  )
  const [isTurnedTo, setIsTurnedTo] = useState(false)
  const [isReady, setIsReady] = useState(false)
  const textarea = useRef<HTMLTextAreaElement>(null)
  const height = props.height ?? EDITOR_DEFAULT_HEIGHT
  const isWanted = isBrowser && (isTurnedTo || Boolean(props.value))
  const turnTo = () => setIsTurnedTo(true)
  const fallback = (
    <Input.TextArea
      ref={(input) => {
        textarea.current = input?.resizableTextArea?.textArea ?? null
      }}
      id={props.id}
      aria-label={props.ariaLabel}
      value={props.value ?? ''}
      disabled={props.disabled}
      onChange={(event) => props.onChange?.(event.target.value)}
      onPointerEnter={turnTo}
      onPointerDown={turnTo}
      onFocus={turnTo}
      style={{ height, resize: 'vertical' }}
    />
  )
  return (
    <div style={{ minHeight: height }}>
      {isReady ? null : fallback}
      {isWanted ? (
        <ChunkErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <div style={isReady ? undefined : { display: 'none' }}>
              <TinymceEditor
                {...props}
                id={props.id ? `${props.id}-editor` : undefined}
                onReady={(focus) => {
                  const wasTyping = document.activeElement === textarea.current
                  setIsReady(true)
                  if (wasTyping) focus()
                }}
              />
            </div>
          </Suspense>
        </ChunkErrorBoundary>
      ) : null}
    </div>
  )
}
