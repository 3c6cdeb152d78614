/**
 * Node flags the portal runs with (package.json "serve" passes the same; a test keeps them
 * equal). V8 otherwise lets the heap grow lazily to gigabytes on a large machine; these keep
 * one process within its memory budget (bench/README.md). Live data stays far below the cap:
 * the caches are bounded (pages by bytes, API results by entries).
 */
export const SERVER_NODE_FLAGS = [
  '--max-old-space-size=160',
  '--max-semi-space-size=4',
]
