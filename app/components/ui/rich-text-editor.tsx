import { Input } from 'antd'
import { lazy, Suspense, useState, useSyncExternalStore } from 'react'

import { EDITOR_DEFAULT_HEIGHT } from '#common/constants/ui.ts'

import { ChunkErrorBoundary } from './chunk-error-boundary.tsx'
import type { TinymceEditorProps } from './tinymce-editor.tsx'

/** The editor's props: what a form field gives it (value and onChange) and its options. */
export type RichTextEditorProps = Omit<TinymceEditorProps, 'onReady'>

const subscribeNothing = () => () => {}

// TinyMCE is large and works only in a browser: it loads when an editor is first shown.
const TinymceEditor = lazy(() => import('./tinymce-editor.tsx'))

/**
 * The rich-text editor (spec §1, §9): TinyMCE with font sizes 8pt-36pt and a default height of
 * 300. The server and a browser still loading TinyMCE show a plain labelled textarea holding
 * the same value, so nothing typed is lost; if TinyMCE cannot load, the textarea stays.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  // TinyMCE is rendered only after hydration: false on the server and in the hydration pass.
  const isBrowser = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  )
  const [isReady, setIsReady] = useState(false)
  const height = props.height ?? EDITOR_DEFAULT_HEIGHT
  const fallback = (
    <Input.TextArea
      id={props.id}
      aria-label={props.ariaLabel}
      value={props.value ?? ''}
      disabled={props.disabled}
      onChange={(event) => props.onChange?.(event.target.value)}
      style={{ height, resize: 'vertical' }}
    />
  )
  return (
    <div style={{ minHeight: height }}>
      {isReady ? null : fallback}
      {isBrowser ? (
        <ChunkErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <div style={isReady ? undefined : { display: 'none' }}>
              <TinymceEditor
                {...props}
                id={props.id ? `${props.id}-editor` : undefined}
                onReady={() => setIsReady(true)}
              />
            </div>
          </Suspense>
        </ChunkErrorBoundary>
      ) : null}
    </div>
  )
}
