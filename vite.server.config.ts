import { defineConfig } from 'vite'

// The server compiled ahead of time to build/portal/main.js: production runs plain JavaScript,
// without type stripping at start (about 20 MB less memory). Packages stay external.
export default defineConfig({
  build: {
    ssr: 'server/main.ts',
    outDir: 'build/portal',
    emptyOutDir: true,
    target: 'node24',
    sourcemap: true,
    rollupOptions: {
      output: { entryFileNames: 'main.js', chunkFileNames: '[name]-[hash].js' },
    },
  },
})
