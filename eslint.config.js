import { readdirSync } from 'node:fs'

import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import checkFile from 'eslint-plugin-check-file'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// style.md "Together": one feature never imports another. Listed from disk so a new feature
// folder is covered without touching this file.
const features = readdirSync('app/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

// The department's side (architecture.md, The department's side) is a wing of its own beside
// the features: app/console/api/ and components/ are its floor, and every other folder is one
// job of the console (sign-in, accounts, content…), listed from disk as the features are.
const consoleFloor = ['api', 'components']
const consoleJobs = readdirSync('app/console', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !consoleFloor.includes(entry.name))
  .map((entry) => entry.name)

// The server reads top to bottom (architecture.md, Layout): main.ts → protocol edges → domain
// areas → shared/ and db/. An area is any other folder, so a new one is covered from the start.
const serverEdges = ['portal', 'regional', 'pages', 'staff-api', 'ocds']
const serverFloor = ['shared', 'db']
const serverAreas = readdirSync('server', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter(
    (name) =>
      name !== 'demo' &&
      !serverEdges.includes(name) &&
      !serverFloor.includes(name),
  )
const inServer = (folders) => folders.map((folder) => `server/${folder}`)

const serverZones = [
  {
    target: 'server/db',
    from: 'server',
    except: ['./db'],
    message:
      'server/db/ is the floor (database, schema, migrations): it imports nothing else from server/.',
  },
  {
    // shared/ may use db/ (schema types, the database handle) for what every area shares.
    target: 'server/shared',
    from: 'server',
    except: ['./shared', './db'],
    message:
      'server/shared/ imports only server/db/ (schema types): no area, edge, main or demo.',
  },
  ...serverAreas.map((area) => ({
    target: `server/${area}`,
    from: [...inServer(serverEdges), 'server/main.ts'],
    message:
      'A domain area imports no protocol edge (portal, regional, pages, staff-api, ocds) and not main.ts.',
  })),
  ...serverEdges.map((edge) => ({
    target: `server/${edge}`,
    from: 'server/main.ts',
    message: 'A protocol edge does not import main.ts.',
  })),
  {
    // Tests stand above the layers here: they seed their database, and make sample
    // documents, with the demo content.
    target: [
      '{app,common,scripts}/**',
      'server/!(demo)/**/!(*.test).ts',
      'server/!(main).ts',
    ],
    from: 'server/demo',
    message:
      'Only server/main.ts (first start), bench/ and tests import the demo content in server/demo/.',
  },
]

// style.md "Together": common ← server, common ← app/components ← app/features ← app/routes, and
// app/console/ stands beside app/features/.
// Paths are relative to the repository root; imports are resolved first, so `#app/*` and
// relative imports are both caught.
const dependencyZones = [
  ...serverZones,
  {
    target: 'common',
    from: ['app', 'server'],
    message: 'common/ is shared by both sides and imports neither.',
  },
  {
    target: 'server',
    from: 'app',
    message: 'server/ never imports app/ code.',
  },
  {
    // Every file under app/ except `*.server.ts(x)` adapters.
    target: 'app/**/!(*.server).{ts,tsx}',
    from: 'server',
    message: 'app/ reaches server/ only through *.server.ts adapters.',
  },
  {
    target: 'app/components',
    from: ['app/features', 'app/console', 'app/routes'],
    message: 'app/components/ is below features, the console and routes.',
  },
  {
    target: ['app/features', 'app/console'],
    from: 'app/routes',
    message: 'app/features/ and app/console/ never import route modules.',
  },
  ...features.map((feature) => ({
    target: `app/features/${feature}`,
    from: 'app/features',
    except: [`./${feature}`],
    message:
      'One feature never imports another; move shared code to app/components/ or common/.',
  })),
  {
    target: 'app/features',
    from: 'app/console',
    message:
      "The portal's features never import the console; share code through app/components/ or common/.",
  },
  {
    target: 'app/console',
    from: 'app/features',
    message:
      "The console never imports the portal's features; share code through app/components/ or common/.",
  },
  {
    target: 'app/console/api',
    from: 'app/console',
    except: ['./api'],
    message:
      "app/console/api/ is the console's floor: it imports no console component or job.",
  },
  {
    target: 'app/console/components',
    from: 'app/console',
    except: ['./components', './api'],
    message:
      'app/console/components/ imports only app/console/api/ of the console, never a job.',
  },
  ...consoleJobs.map((job) => ({
    target: `app/console/${job}`,
    from: 'app/console',
    except: [`./${job}`, ...consoleFloor.map((folder) => `./${folder}`)],
    message:
      'One console job never imports another; move shared code to app/console/components/ or app/console/api/.',
  })),
]

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      'build/',
      'data/',
      '.react-router/',
      'test-results/',
      'coverage/',
      'app/styles/antd.generated/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x skips .ts files when following imports, and no-cycle sees nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // unrs-resolver follows package.json "imports", so `#app/*` etc. resolve to real files.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: dependencyZones }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // With verbatimModuleSyntax, `import { type X } from 'm'` still runs m for its side effects:
    // a page that only needs a schema's type would carry the schema and zod in its scripts, and
    // the server would load at start the PDF, seal and mail libraries it loads on first use.
    files: ['{app,common,server}/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-import-type-side-effects': 'error' },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['{app,server,common,tests,bench,scripts}/**/*.{ts,tsx}'],
    // Migrations are named NNNN_verb_object.ts (style.md "Naming").
    ignores: ['**/+types/**', 'server/db/migrations/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{app,server,common,tests,bench,scripts}/**/': 'KEBAB_CASE' },
      ],
    },
  },
)
