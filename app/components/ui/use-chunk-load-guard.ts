import { useCallback, useEffect, useRef } from 'react'
import { useNavigation } from 'react-router'

import { CHUNK_LOAD_TIMEOUT_MS } from '#common/constants/ui.ts'
import { MSG_CHUNK_LOAD_FAILED } from '#common/messages.ts'

import { useAppFeedback } from './app-feedback.tsx'

// spec §8: the visitor is told and offered a reload instead of a white page or an endless spinner.
export function useChunkLoadGuard() {
  const { modal } = useAppFeedback()
  const navigation = useNavigation()
  const isShown = useRef(false)

  const report = useCallback(
    (kind: 'ChunkLoadError' | 'CSS_CHUNK_LOAD_FAILED') => {
      if (isShown.current) return
      isShown.current = true
      modal.error({
        title: '页面加载失败',
        content: `${MSG_CHUNK_LOAD_FAILED}（${kind}）`,
        okText: '刷新页面',
        onOk: () => window.location.reload(),
      })
    },
    [modal],
  )

  // Not prevented: the failed import still rejects, so the part that asked for it can show
  // its own fallback (ChunkErrorBoundary) while this dialog offers the reload.
  useEffect(() => {
    function onPreloadError(event: Event) {
      const message = String(
        (event as Event & { payload?: Error }).payload?.message ?? '',
      )
      report(/css/i.test(message) ? 'CSS_CHUNK_LOAD_FAILED' : 'ChunkLoadError')
    }
    window.addEventListener('vite:preloadError', onPreloadError)
    return () => window.removeEventListener('vite:preloadError', onPreloadError)
  }, [report])

  // A navigation still loading after 120 s is treated as a chunk that never came.
  const isNavigating = navigation.state !== 'idle'
  useEffect(() => {
    if (!isNavigating) return
    const timer = window.setTimeout(
      () => report('ChunkLoadError'),
      CHUNK_LOAD_TIMEOUT_MS,
    )
    return () => window.clearTimeout(timer)
  }, [isNavigating, report])
}
