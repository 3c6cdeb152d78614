// jsdom lacks the layout APIs antd's components call on mount. These stand-ins report no size
// changes and no media matches, which is what a page that is never laid out would see.
class NoLayoutResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoLayoutResizeObserver
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList

// antd's xs breakpoint (max-width: 575px) matches, nothing wider.
export function pretendPhoneScreen(): () => void {
  const wide = window.matchMedia
  window.matchMedia = (query: string) => ({
    ...wide(query),
    matches: /max-width:\s*575/.test(query),
  })
  return () => {
    window.matchMedia = wide
  }
}
