import { defineConfig } from 'vite'

// The server compiled ahead of time to build/portal/main.js: production runs plain JavaScript,
// without type stripping at start (about 20 MB less memory). Packages stay external. Code that
// runs in a worker thread is an entry of its own, beside main.js, where its pool looks for it.
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'build/portal',
    emptyOutDir: true,
    target: 'node24',
    sourcemap: true,
    rollupOptions: {
      input: {
        main: 'server/main.ts',
        'password-strength-worker': 'server/staff/password-strength-worker.ts',
        'revision-diff-worker': 'server/content/revision-diff-worker.ts',
        'article-html-worker': 'server/articles/article-html-worker.ts',
        'search-terms-worker': 'server/search/search-terms-worker.ts',
        'wal-checkpoint-worker': 'server/shared/wal-checkpoint-worker.ts',
        'complaint-facts-worker': 'server/complaints/complaint-facts-worker.ts',
        'complaint-letter-worker':
          'server/complaints/filing/complaint-letter-worker.ts',
      },
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: '[name]-[hash].js',
      },
    },
  },
})
