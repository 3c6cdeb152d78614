import type { PDFDocumentLoadingTask, PDFWorker } from 'pdfjs-dist'
// Only the worker script's URL: the script itself loads when a PDF is first opened.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'

type PdfJs = typeof import('pdfjs-dist')
type Loaded = { pdfjs: PdfJs; worker: PDFWorker }

let loading: Promise<Loaded> | undefined
// Files asked for by a click, until the viewer takes them (at most the one being opened).
const requested = new Map<string, Promise<ArrayBuffer>>()
// Files the page made itself (a draft answered to a POST), under their object URL until released.
const held = new Map<string, ArrayBuffer>()

// The worker script, the larger part, downloads alongside pdf.js rather than after it.
function loadPdfjs(): Promise<Loaded> {
  loading ??= startLoading()
  return loading
}

function startLoading(): Promise<Loaded> {
  const port = new Worker(workerUrl, { type: 'module' })
  const failed = new Promise<never>((_, reject) =>
    port.addEventListener(
      'error',
      () => reject(new Error('the PDF worker did not start')),
      { once: true },
    ),
  )
  const loaded = import('pdfjs-dist').then((pdfjs) => ({
    pdfjs,
    worker: pdfjs.PDFWorker.create({ port }),
  }))
  return Promise.race([loaded, failed]).catch((error: unknown) => {
    // A later preview tries again instead of meeting the same failure.
    port.terminate()
    loading = undefined
    throw error
  })
}

function fetchFile(url: string): Promise<ArrayBuffer> {
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error(`file answered ${response.status}`)
    return response.arrayBuffer()
  })
}

export function preparePdf(url: string) {
  loadPdfjs().catch(() => undefined)
  if (!requested.has(url)) {
    const file = fetchFile(url)
    file.catch(() => requested.delete(url))
    requested.set(url, file)
  }
}

// The viewer reads these bytes instead of fetching, which the page's CSP (connect-src 'self')
// would refuse for a blob: URL.
export function holdPdf(url: string, bytes: ArrayBuffer) {
  held.set(url, bytes)
}

export function releasePdf(url: string) {
  held.delete(url)
}

export async function openPdf(url: string): Promise<PDFDocumentLoadingTask> {
  const own = held.get(url)
  // pdf.js takes over the buffer it is given: it gets a copy of what is held.
  const file = own
    ? Promise.resolve(own.slice(0))
    : (requested.get(url) ?? fetchFile(url))
  requested.delete(url)
  const [{ pdfjs, worker }, data] = await Promise.all([loadPdfjs(), file])
  return pdfjs.getDocument({
    data: new Uint8Array(data),
    worker,
    isEvalSupported: false,
  })
}
