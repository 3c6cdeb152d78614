import { readFileSync } from 'node:fs'
import path from 'node:path'

import type { Plugin } from 'vite'

// As babel-plugin-import did for antd. The bundle is the same after tree-shaking, but an index
// imports every component, so any module importing it seems to need them all, and the chunk
// groups that follow the graph (scripts/client-chunks.ts) would take in the whole package.

type Target = { source: string; imported: string }

function readIndex(file: string, into: Map<string, Target>, base: string) {
  const text = readFileSync(file, 'utf8')
  const reexport = /export\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g
  for (const [, names = '', from = ''] of text.matchAll(reexport)) {
    for (const spec of names.split(',')) {
      const [imported, local = imported] = spec.trim().split(/\s+as\s+/)
      if (!imported || !local) continue
      into.set(local.trim(), {
        source: path.posix.join(base, from),
        imported: imported.trim(),
      })
    }
  }
}

const PACKAGES: { name: string; indexes: [file: string, base: string][] }[] = [
  { name: 'antd', indexes: [['antd/es/index.js', 'antd/es']] },
  {
    name: '@ant-design/icons',
    indexes: [
      ['@ant-design/icons/es/icons/index.js', '@ant-design/icons/es/icons'],
    ],
  },
]

const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["'];?/g

export function deepImports(root: string): Plugin {
  const maps = new Map<string, Map<string, Target>>()
  for (const { name, indexes } of PACKAGES) {
    const map = new Map<string, Target>()
    for (const [file, base] of indexes)
      readIndex(path.join(root, 'node_modules', file), map, base)
    maps.set(name, map)
  }
  return {
    name: 'portal-deep-imports',
    transform: {
      filter: { id: /\.(tsx?|jsx?)$/ },
      handler(code, id) {
        if (id.includes('node_modules')) return null
        let changed = false
        const out = code.replace(
          NAMED_IMPORT,
          (whole, names: string, from: string) => {
            const map = maps.get(from)
            if (!map) return whole
            const specs = names
              .split(',')
              .map((spec) => spec.trim())
              .filter(Boolean)
            const lines: string[] = []
            for (const spec of specs) {
              const [imported = '', local = imported] = spec.split(/\s+as\s+/)
              const target = map.get(imported)
              // Anything not listed in the index stays with the package's own index.
              if (!target || spec.startsWith('type ')) return whole
              lines.push(
                target.imported === 'default'
                  ? `import ${local} from '${target.source}';`
                  : `import { ${target.imported} as ${local} } from '${target.source}';`,
              )
            }
            changed = true
            // On one line, so the lines after keep their numbers in the source maps.
            return lines.join(' ')
          },
        )
        return changed ? { code: out, map: null } : null
      },
    },
  }
}
