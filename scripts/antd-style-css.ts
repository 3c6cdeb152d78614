import { readFileSync } from 'node:fs'
import path from 'node:path'

import type { Plugin } from 'vite'

// A page links the CSS of the chunks it loads, so the styles of a part loaded later come with it.
export function antdStyleCss(root: string): Plugin {
  const folder = path.join(root, 'app', 'styles', 'antd.generated')
  let cssOf: Record<string, string> | undefined
  return {
    name: 'portal-antd-style-css',
    // The server renders HTML only; its bundle needs no stylesheets.
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      filter: { id: /[\\/]antd[\\/]es[\\/].*style.*\.js$/ },
      handler(code, id) {
        cssOf ??= JSON.parse(
          readFileSync(path.join(folder, 'modules.json'), 'utf8'),
        ) as Record<string, string>
        const module = `antd/es/${id.split(/[\\/]antd[\\/]es[\\/]/)[1]!.replaceAll('\\', '/')}`
        const css = cssOf[module]
        if (!css) return null
        // Last, after the module's own imports: a component's CSS follows what it builds on.
        return {
          code: `${code}\nimport ${JSON.stringify(path.join(folder, css))};`,
          map: null,
        }
      },
    },
  }
}
