import type { PDFPageProxy } from 'pdfjs-dist'
import { useEffect, useRef } from 'react'

// Phones refuse larger canvases; the page is then drawn less sharp, never blank.
const MAX_CANVAS_PIXELS = 16_000_000

export function usePageCanvas(page: PDFPageProxy | null, scale: number) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    const canvas = canvasRef.current
    if (!page || !canvas || scale <= 0) return
    const shown = page.getViewport({ scale })
    const sharpness = Math.min(
      window.devicePixelRatio || 1,
      Math.sqrt(MAX_CANVAS_PIXELS / (shown.width * shown.height)),
    )
    const viewport = page.getViewport({ scale: scale * sharpness })
    canvas.width = Math.floor(viewport.width)
    canvas.height = Math.floor(viewport.height)
    canvas.style.width = `${Math.floor(shown.width)}px`
    canvas.style.height = `${Math.floor(shown.height)}px`
    const task = page.render({ canvas, viewport })
    task.promise.catch(() => undefined)
    return () => task.cancel()
  }, [page, scale])
  return canvasRef
}
