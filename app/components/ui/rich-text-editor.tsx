import { Input } from 'antd'
import {
  lazy,
  Suspense,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'

import { EDITOR_DEFAULT_HEIGHT } from '#common/constants/ui.ts'

import { ChunkErrorBoundary } from './chunk-error-boundary.tsx'
import { plainTextToHtml } from './plain-text-html.ts'
import type { TinymceEditorProps } from './tinymce-editor.tsx'

export type RichTextEditorProps = Omit<TinymceEditorProps, 'onReady'>

const subscribeNothing = () => () => {}

// TinyMCE is large (some 360 KB compressed) and works only in a browser: it loads when the
// visitor turns to the field, not with the page.
const TinymceEditor = lazy(() => import('./tinymce-editor.tsx'))

const formValue = (text: string, typedIntoEmpty: boolean) =>
  typedIntoEmpty ? plainTextToHtml(text) : text

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
  // What the person typed in the plain field, as typed; the form gets it as HTML, which the
  // editor shows as the same characters and lines. Typed into a value the field already held
  // (a restored draft), it is HTML already and passes as it is.
  const [typed, setTyped] = useState<{
    text: string
    intoEmpty: boolean
  } | null>(null)
  // The form may be given another value (a reset): the field shows it then.
  const shown =
    typed && props.value === formValue(typed.text, typed.intoEmpty)
      ? typed.text
      : (props.value ?? '')
  const textarea = useRef<HTMLTextAreaElement>(null)
  // Set when the editor is ready while the person types in the plain field.
  const goOnTyping = useRef<(() => void) | null>(null)
  const height = props.height ?? EDITOR_DEFAULT_HEIGHT
  const isWanted = isBrowser && (isTurnedTo || Boolean(props.value))
  const turnTo = () => setIsTurnedTo(true)

  // The editor takes the caret in the commit that removes the plain field, before the next key
  // is handled: focused any earlier it was still hidden and refused it, and the keys typed next
  // went nowhere (3 of 40 characters were kept).
  useLayoutEffect(() => {
    if (!isReady) return
    goOnTyping.current?.()
    goOnTyping.current = null
  }, [isReady])
  const fallback = (
    <Input.TextArea
      ref={(input) => {
        textarea.current = input?.resizableTextArea?.textArea ?? null
      }}
      id={props.id}
      aria-label={props.ariaLabel}
      value={shown}
      disabled={props.disabled}
      onChange={(event) => {
        const text = event.target.value
        const intoEmpty = typed?.intoEmpty ?? !props.value
        setTyped({ text, intoEmpty })
        props.onChange?.(formValue(text, intoEmpty))
      }}
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
                onReady={(focusAtEnd) => {
                  if (document.activeElement === textarea.current)
                    goOnTyping.current = focusAtEnd
                  setIsReady(true)
                }}
              />
            </div>
          </Suspense>
        </ChunkErrorBoundary>
      ) : null}
    </div>
  )
}
