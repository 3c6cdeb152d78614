import path from 'node:path'

import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

import { tinymceSliderStep } from './app/components/ui/tinymce-slider-step.ts'
import { antdStyleCss } from './scripts/antd-style-css.ts'
import {
  clientChunkGroups,
  shellStylesheetOnce,
} from './scripts/client-chunks.ts'
import { deepImports } from './scripts/deep-imports.ts'
import { formLabelTooltip } from './scripts/form-label-tooltip.ts'

export default defineConfig({
  plugins: [
    reactRouter(),
    tinymceSliderStep(),
    deepImports(import.meta.dirname),
    formLabelTooltip(import.meta.dirname),
    antdStyleCss(import.meta.dirname),
    shellStylesheetOnce(),
  ],
  build: { chunkSizeWarningLimit: 1500 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // antd's own modules say they have no side effects (package.json), the rc-components
          // it is built on mostly do not say so, and are then kept whole as soon as one of their
          // files is imported: every radio button brought the form library and its validator
          // (12 KB compressed) through antd's form context, for one context object. Their ES
          // builds are plain components and hooks that register nothing on import.
          treeshake: {
            moduleSideEffects: [
              {
                test: /[\\/]node_modules[\\/]@rc-component[\\/][^\\/]+[\\/]es[\\/]/,
                sideEffects: false,
              },
            ],
          },
          output: {
            codeSplitting: {
              groups: clientChunkGroups(
                path.resolve(import.meta.dirname, 'app'),
              ),
            },
          },
        },
      },
    },
  },
  resolve: {
    // Under Node the icons package points at a wrapper of its CommonJS build, which brings
    // every icon; its ES build tree-shakes to the few icons the pages use.
    alias: [
      {
        find: /^@ant-design\/icons$/,
        replacement: '@ant-design/icons/es/index',
      },
    ],
  },
  ssr: {
    // Bundled into the server build so that only the components the pages use are loaded:
    // importing the whole antd package at run time costs about 170 MB of memory.
    noExternal: [
      /^antd/,
      /^@ant-design\//,
      /^@rc-component\//,
      /^rc-/,
      /^@emotion\//,
    ],
  },
})
