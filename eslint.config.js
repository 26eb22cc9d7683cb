import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import lingui from 'eslint-plugin-lingui';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Every feature folder, so a new one is held to "features do not import each other" the day it is made.
const features = readdirSync('./src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The start of an SQL statement in upper case, as this code writes SQL (a keyword, then what follows it in a statement;
// in a template literal the text may stop at a `${...}`): what a route must not hold (see the server's layers below).
const SQL_STATEMENT = '/\\b(SELECT\\s|INSERT\\s+INTO\\b|UPDATE\\s+(\\w+\\s+SET\\b|$)|DELETE\\s+FROM\\b|WITH\\s+(\\w+\\s+AS\\b|$))/';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'src/routeTree.gen.ts',
      'server/data/pglite*',
      'server/dist',
      'test-results',
      'playwright-report',
      '.bench',
      '.e2e',
      'dist-nofallback',
      'dist-auth',
      '.cache',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/ignore': ['node_modules'],
      'import-x/external-module-folders': ['node_modules'],
    },
  },
  // The import direction of ARCHITECTURE.md: routes -> features -> components -> api/offline -> lib.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/lib',
              from: ['./src/api', './src/offline', './src/components', './src/features', './src/routes'],
              message: 'lib/ is the bottom layer.',
            },
            {
              target: ['./src/api', './src/offline'],
              from: ['./src/components', './src/features', './src/routes'],
              message: 'api/ and offline/ sit below the UI.',
            },
            { target: './src/components', from: ['./src/features', './src/routes'], message: 'components/ are shared UI, below features.' },
            { target: './src/features', from: './src/routes', message: 'features do not import routes.' },
            { target: './src', from: './tests', message: 'src/ never imports tests/.' },
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; a route composes them.',
            })),
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'ky', message: 'Use src/lib/http.ts.' },
            { name: 'dexie', message: 'Use src/lib/db.ts database().' },
          ],
          patterns: [{ group: ['firebase', 'firebase/*'], message: 'Use src/lib/identity.ts.' }],
        },
      ],
    },
  },
  { files: ['src/lib/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': 'off' } },
  // Dexie's code (30 KB gzipped) is not in the app's first script: it loads on first use, through database().
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/db-dexie.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'dexie', allowTypeImports: true, message: 'Dexie loads on first use: src/lib/db.ts database().' }],
          patterns: [
            {
              group: ['**/db-dexie.ts'],
              allowTypeImports: true,
              message: 'Dexie loads on first use: take the database from database() (src/lib/db.ts); import only types here.',
            },
          ],
        },
      ],
    },
  },
  // Every user-facing string goes through Lingui.
  {
    files: ['src/components/**/*.tsx', 'src/features/**/*.tsx', 'src/routes/**/*.tsx'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: ['^(?![A-Z])\\S+$', '^[A-Z0-9_-]+$', '^Quadra$', '^https?://', '^\\(.*\\)$', 'var\\(--'],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^(className|classNames|to|href|id|key|type|variant|color|c|size|position|component|role|name|mode|method|autoComplete|inputMode|data-[a-z-]+|aria-controls|aria-labelledby|aria-describedby|testId|justify|align|fw|ta|mt|mb|ml|mr|mx|my|p|px|py|m|gap|w|h|bg|radius|shadow|target|rel|accept|pattern|dir|lang|style|bd|miw|mih|maw|mah|pos|top|left|right|bottom)$',
              },
            },
          ],
          ignoreFunctions: [
            'console.*',
            'Error',
            'useMediaQuery',
            'createFileRoute',
            'new URL',
            'URL',
            'navigate',
            'Intl.*',
            'cx',
            'clsx',
            'useDocumentTitle',
          ],
        },
      ],
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
    },
  },
  // Two ways to fail contrast or a name that axe calls serious, each found on a screen.
  {
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name=/^(Modal|Drawer)$/]:not(:has(JSXAttribute[name.name='closeButtonProps']))",
          message: "A dialog names its close button: closeButtonProps={{ 'aria-label': t`Close` }}.",
        },
        // Mantine's light and subtle variants take a shade in `color` as a solid background (or a pale text) of it.
        {
          selector:
            "JSXOpeningElement:has(JSXAttribute[name.name='variant'][value.value=/^(light|subtle)$/]):has(JSXAttribute[name.name='color'][value.value=/\\.[0-9]$/])",
          message: 'With variant="light" or "subtle", name the colour without a shade and darken the text: color="red" c="red.9".',
        },
      ],
    },
  },
  // The server's layers (ARCHITECTURE.md "The server's layers"): routes speak HTTP, server/data/ speaks SQL, server/db/
  // opens the database. Routes may import data; data imports no route and no Fastify; db imports neither, but the two
  // rules it runs at start-up and in its upkeep (the kept counts, the change cursor).
  {
    files: ['server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './server/data', from: './server/routes', message: 'server/data/ is below the routes: a route calls it, never the other way.' },
            {
              target: './server/db',
              from: './server/routes',
              message: 'server/db/ opens the database: it imports no route (a rule it needs lives in server/data/rules/).',
            },
            {
              target: './server/db',
              from: './server/data',
              except: ['./rules/counts.ts', './rules/change-cursor.ts'],
              message: 'server/db/ imports from server/data/ only the rules it runs itself (the kept counts, the change cursor).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/data/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', 'fastify-*', '@fastify/*', '**/errors.ts', '**/access.ts', '**/edge.ts'],
              message: 'server/data/ speaks SQL, not HTTP: return rows (or undefined) and let the route answer.',
            },
          ],
        },
      ],
    },
  },
  // No SQL in a route: a statement in a string or a template literal goes in server/data/<resource>.ts.
  {
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `Literal[value=${SQL_STATEMENT}]`,
          message: 'SQL belongs in server/data/<resource>.ts (ARCHITECTURE.md "The server\'s layers"); the route calls it.',
        },
        {
          selector: `TemplateElement[value.raw=${SQL_STATEMENT}]`,
          message: 'SQL belongs in server/data/<resource>.ts (ARCHITECTURE.md "The server\'s layers"); the route calls it.',
        },
      ],
    },
  },
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: globals.node } },
  {
    files: ['tests/**', 'scripts/**', 'server/**', '*.config.ts', '*.config.js'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
