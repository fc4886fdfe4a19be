// `npm run lint`. A small rule set: Next's own (React, hooks, Next, typescript-eslint's recommended), the import
// rules of the ingest wing (#44, docs/architecture.md), at most 3 positional parameters for an exported function,
// at most 400 lines a file outside bench/, and no console in lib/. Layout is Prettier's business
// (eslint-config-prettier turns off what would fight it).
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, globalIgnores } from 'eslint/config';

const root = import.meta.dirname;

// The ingest wing's stages, left to right: a stage imports its own stage or one to its right, never one to its left.
const stages = ['protocols', 'items', 'admit', 'enrich', 'store'];
// The kinds under lib/ingest/items (every folder there is one): one kind reaches another only through its index.ts.
// Read from the tree, so a new kind is held by these rules the moment its folder exists.
const kinds = fs
  .readdirSync(path.join(root, 'lib/ingest/items'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const wingZones = [
  {
    target: './lib/envelope',
    from: './lib',
    except: ['./envelope', './errors.ts'],
    message: 'lib/envelope is the pure wire model: it imports nothing under lib/ but lib/errors.ts.',
  },
  ...stages.slice(1).map((stage, i) => ({
    target: `./lib/ingest/${stage}`,
    from: stages.slice(0, i + 1).map((left) => `./lib/ingest/${left}`),
    message: `lib/ingest/${stage} imports only its own stage or one to its right (${stages.join(' → ')}).`,
  })),
  ...kinds.flatMap((kind) =>
    kinds
      .filter((other) => other !== kind)
      .map((other) => ({
        target: `./lib/ingest/items/${kind}`,
        from: `./lib/ingest/items/${other}`,
        except: ['./index.ts'],
        message: `One kind imports another only through its index: @/lib/ingest/items/${other}.`,
      })),
  ),
  // Outside the wing, a kind is reached through its index.ts only (tests and benches may reach further in).
  ...kinds.map((kind) => ({
    target: [
      `${root}/lib/!(ingest)/**`,
      `${root}/lib/*.{ts,tsx}`,
      `${root}/{app,components,scripts,emails}/**`,
      `${root}/*.{ts,tsx,mjs}`,
    ],
    from: `./lib/ingest/items/${kind}`,
    except: ['./index.ts'],
    message: `Outside lib/ingest, a kind is imported through its index: @/lib/ingest/items/${kind}.`,
  })),
];

const pure = 'lib/envelope is the pure wire model: no database, network or clock';
const dates = 'Write a date or time with lib/text/date-format.ts (or <RelativeTime>, <DateTime>)';
const maxParams = 'An exported function takes at most 3 parameters: pass one options object';
const functionKinds = ['FunctionDeclaration', 'TSDeclareFunction', 'FunctionExpression', 'ArrowFunctionExpression'];
const exportedFunctions = [
  'ExportNamedDeclaration > FunctionDeclaration',
  'ExportNamedDeclaration > TSDeclareFunction',
  `ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > :matches(${functionKinds.slice(2).join(', ')})`,
  `ExportDefaultDeclaration > :matches(${functionKinds.join(', ')})`,
];

export default defineConfig([
  globalIgnores([
    'lib/generated/**',
    '.next*/**',
    'sdk/browser/dist/**',
    'public/sdk/**',
    'test-results/**',
    'playwright-report/**',
    '.data/**',
  ]),
  ...nextVitals,
  ...nextTs,
  {
    name: 'tracker',
    files: ['**/*.{js,jsx,mjs,ts,tsx,mts,cts}'],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import/no-restricted-paths': ['error', { basePath: root, zones: wingZones }],
      // `_name` marks what is unused on purpose (a parameter a callback must take, a key left out of a rest).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'none',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-unused-expressions': 'error',
      'no-restricted-syntax': [
        'error',
        ...exportedFunctions.map((selector) => ({ selector: `${selector}[params.length>3]`, message: maxParams })),
      ],
    },
  },
  {
    // Tests and benches: no React in them (a `useX` helper there is not a hook), and a test may take `any` from
    // what it inspects.
    name: 'tracker/tests',
    files: ['tests/**', 'e2e/**', 'bench/**', '**/*.test.{ts,tsx}', 'sdk/browser/test/**'],
    rules: {
      'react-hooks/rules-of-hooks': 'off',
      'react-hooks/globals': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // No source file over 400 lines outside bench/ (#59): a longer one is split along its seams. Lines are counted as
    // `wc -l` counts them, blank lines and comments included.
    name: 'tracker/max-lines',
    files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'],
    ignores: ['bench/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    name: 'tracker/commonjs',
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    name: 'tracker/lib',
    files: ['lib/**/*.{ts,tsx}'],
    rules: { 'no-console': 'error' },
  },
  {
    // Every date and time a person reads is written by lib/text/date-format.ts (#60): one format, one clock, UTC.
    name: 'tracker/dates',
    files: ['components/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...exportedFunctions.map((selector) => ({ selector: `${selector}[params.length>3]`, message: maxParams })),
        ...[
          'CallExpression[callee.property.name=/^to(LocaleDate|LocaleTime|UTC|Date|Time|GMT)String$/]',
          "CallExpression[callee.property.name='toLocaleString'][callee.object.callee.name='Date']",
          "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
        ].map((selector) => ({ selector, message: dates })),
      ],
    },
  },
  {
    // The wire model is pure: no database, network or clock (its imports are held by the zones above).
    name: 'tracker/envelope-pure',
    files: ['lib/envelope/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['pg', 'node:net', 'node:http', 'node:https', 'node:dns', 'undici'].map((name) => ({
            name,
            message: pure,
          })),
          patterns: [{ group: ['@prisma/*'], message: pure }],
        },
      ],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: pure }],
      'no-restricted-syntax': [
        'error',
        ...exportedFunctions.map((selector) => ({ selector: `${selector}[params.length>3]`, message: maxParams })),
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: pure },
        { selector: "CallExpression[callee.name='fetch']", message: pure },
      ],
    },
  },
  prettier,
]);
