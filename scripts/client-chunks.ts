import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

import type { Plugin } from 'vite'

// Left to itself the bundler makes some 70 files on every first load, most of them under 10 KB.
// Over HTTP/1.1 a browser fetches six at a time, so a phone pays a round trip per handful of
// files: `framework` and `shell`, which every page runs, are a group each.

const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie-es|@remix-run[\\/]route-pattern)[\\/]/

type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null
}

function staticallyReachable(graph: ModuleGraph, from: string[]): Set<string> {
  const seen = new Set<string>()
  const stack = [...from]
  while (stack.length > 0) {
    const id = stack.pop()!
    if (seen.has(id)) continue
    const info = graph.getModuleInfo(id)
    if (!info) continue
    seen.add(id)
    stack.push(...info.importedIds)
  }
  return seen
}

export function clientChunkGroups(appDirectory: string) {
  const shellEntries = [
    path.join(appDirectory, 'root.tsx'),
    path.join(appDirectory, 'routes', 'portal-layout.tsx'),
  ]
  let shell: Set<string> | undefined
  return [
    { name: 'framework', test: FRAMEWORK, priority: 2 },
    {
      name: (id: string, graph: ModuleGraph) => {
        shell ??= staticallyReachable(
          graph,
          // React Router hands the bundler each route module under its file name, with a
          // query naming the part (main component, client loader…) when it splits one.
          [...new Set(shellEntries)].flatMap((entry) => [
            entry,
            `${entry}?route-chunk=main`,
          ]),
        )
        return shell.has(id) ? 'shell' : null
      },
      priority: 1,
    },
  ]
}

// React Router links the shell's stylesheet as `/assets/shell-….css#`; lazily loaded parts
// asking for `assets/shell-….css` would add a second link, last in <head>, and the common styles
// would override each page's own. Here they ask for the address the server linked.
export function shellStylesheetOnce(): Plugin {
  return {
    name: 'portal-shell-stylesheet-once',
    applyToEnvironment: (environment) => environment.name === 'client',
    // Once the files are written: Vite fills in the lists as the last step of the bundle.
    async writeBundle(options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        const file = path.join(options.dir!, output.fileName)
        const code = await readFile(file, 'utf8')
        const fixed = code.replace(/"(assets\/shell-[\w-]+\.css)"/g, '"$1#"')
        if (fixed !== code) await writeFile(file, fixed)
      }
    },
  }
}
