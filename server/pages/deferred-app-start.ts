/**
 * The page paints before the app's scripts load. React Router's <Scripts> writes a
 * modulepreload link per script into <head> and one module script that imports them all and
 * hydrates. A browser then fetches some 400 KB of scripts alongside the stylesheet and the
 * pictures, and on a slow phone the text waits for them. Rendered on the server, the page is
 * complete without them: its scripts only make it interactive. So the host keeps the module
 * script inert (`type="text/x-portal-start"`, never run by a browser), lists the modules in a
 * JSON block, and adds one small script that, once the page is on screen (START_LOADER),
 * preloads the modules and runs the module script's text as a module. The CSP lists the hash
 * of that text as it lists every inline script's (content-security-policy.ts), so the same
 * text may run when added by the loader.
 */

/** The module script React Router writes: imports of the route modules, then hydration. */
const APP_MODULE_SCRIPT = '<script type="module" async="">'
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g

export const START_SCRIPT_ID = 'portal-start'
export const START_MODULES_ID = 'portal-start-modules'

/**
 * Runs in the browser as a classic inline script, the same text on every page, once the whole
 * document is parsed. The app starts two frames later: requestAnimationFrame callbacks run
 * before a frame is drawn, so the second one runs once the frame showing the parsed page is
 * out, and the timeout queued from it after that frame's work. A hidden tab paints nothing and
 * starts at once.
 */
export const START_LOADER = `(() => {
  let started = false
  const start = () => {
    if (started) return
    started = true
    const modules = JSON.parse(document.getElementById('${START_MODULES_ID}').textContent)
    for (const href of modules) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      document.head.append(link)
    }
    const app = document.createElement('script')
    app.type = 'module'
    app.textContent = document.getElementById('${START_SCRIPT_ID}').textContent
    document.body.append(app)
  }
  if (document.hidden) start()
  else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)))
})()`

/** The page with its app start deferred past the first paint; unchanged if it has none. */
export function deferAppStart(html: string): string {
  const at = html.indexOf(APP_MODULE_SCRIPT)
  const end = html.lastIndexOf('</body>')
  if (at < 0 || end < at) return html
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!)
  const list = JSON.stringify(modules).replace(/</g, '\\u003c')
  return (
    html
      .slice(0, end)
      .replace(MODULE_PRELOAD, '')
      .replace(
        APP_MODULE_SCRIPT,
        `<script type="text/x-portal-start" id="${START_SCRIPT_ID}">`,
      ) +
    `<script type="application/json" id="${START_MODULES_ID}">${list}</script>` +
    `<script>${START_LOADER}</script>` +
    html.slice(end)
  )
}
