/**
 * Node flags the portal runs with (package.json "serve" passes the same; a test keeps them
 * equal). V8 otherwise lets the heap grow lazily to gigabytes on a large machine; these keep
 * one process within its memory budget (bench/README.md). Live data stays far below the cap:
 * the caches are bounded (pages by bytes, API results by entries).
 */
export const SERVER_NODE_FLAGS = [
  '--max-old-space-size=128',
  '--max-semi-space-size=8',
]

/**
 * The environment the portal runs in besides its flags (package.json "serve" sets the same).
 * glibc gives each thread that allocates (V8's helpers, libuv's pool, zlib) an arena of its
 * own and hands little of it back: two arenas kept the peak RSS 30 to 45 MB lower under
 * uncached load at 100,000 articles, at the same requests/s (bench/README.md).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' }
