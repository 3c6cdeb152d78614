// V8 otherwise lets the heap grow lazily to gigabytes on a large machine (bench/README.md).
// package.json "serve" passes the same; a test keeps them equal.
export const SERVER_NODE_FLAGS = [
  '--max-old-space-size=128',
  '--max-semi-space-size=8',
]

// glibc gives each allocating thread an arena and hands little back: two arenas kept the peak
// RSS 30 to 45 MB lower at 100,000 articles, at the same requests/s (bench/README.md).
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' }
