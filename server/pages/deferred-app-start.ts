// The page paints before the app's 400 KB of scripts load: rendered on the server it is complete
// without them, and on a slow phone the text would wait for them. So the module script React
// Router writes is kept inert and START_LOADER runs its text once the page is on screen; the CSP
// lists its hash as it lists every inline script's, so the same text may run.

const APP_MODULE_SCRIPT = '<script type="module" async="">'
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g

export const START_SCRIPT_ID = 'portal-start'
export const START_MODULES_ID = 'portal-start-modules'

// The app starts two frames later: requestAnimationFrame callbacks run before a frame is drawn,
// so the second runs once the frame showing the parsed page is out. A hidden tab starts at once.
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
