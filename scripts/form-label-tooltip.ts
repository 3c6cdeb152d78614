import path from 'node:path'

import type { Plugin } from 'vite'

// antd's form label (FormItemLabel) imports its Tooltip for a label's `tooltip` prop. In the
// browser build that import is answered with app/components/ui/form-label-tooltip.tsx, which
// loads the real one only when a label draws it: no portal form does. Every other import of
// the tooltip is left as it is.
const LABEL = /[\\/]antd[\\/]es[\\/]form[\\/]FormItemLabel\.js$/

export function formLabelTooltip(root: string): Plugin {
  const replacement = path.join(
    root,
    'app/components/ui/form-label-tooltip.tsx',
  )
  return {
    name: 'portal-form-label-tooltip',
    applyToEnvironment: (environment) => environment.name === 'client',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '../tooltip' && importer && LABEL.test(importer)
        ? replacement
        : null
    },
  }
}
