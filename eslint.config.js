// ESLint for the whole repository (flat config). `npm run lint` runs it together with the import boundaries
// (.dependency-cruiser.cjs); `npm test` runs both before the type checks. Formatting is Prettier's job, not ESLint's.
//
// Type information costs time (a TypeScript program per tsconfig), so it is used only where it catches bugs the
// compiler does not: un-awaited promises in backend code (a lost write, an unhandled rejection that kills a service).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

// Exactly the files of the root tsconfig.json (the backend type check), so one TypeScript program serves them all:
// a program per workspace tsconfig (projectService) re-checks the kit and contracts for every service and is ~2x slower.
const BACKEND = [
  'contracts/src/**/*.ts',
  'services/*/src/**/*.ts',
  'services/*/test/**/*.ts',
  'gateway/src/**/*.ts',
  'gateway/test/**/*.ts',
  'infra/**/*.ts',
  'frontend/e2e/**/*.ts',
];

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/dist-ssr/',
    '.cache/',
    '.tools/',
    '.data/',
    'coverage/',
    'frontend/test-results/',
    'infra/bench/results/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'akhada/all',
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are errors, except the deliberate ones (`_req`, `[, second]`, `...rest` to drop keys).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // A variable a closure reads before its single assignment (`let keys; boot({ onReady: () => keys… }); keys = …`)
      // cannot be a const declared earlier.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // The standards forbid committed `.only` and skipped tests; vitest has no lint plugin we need for just this.
      'no-restricted-properties': [
        'error',
        ...['describe', 'it', 'test'].flatMap((object) => [
          { object, property: 'only', message: 'Do not commit focused tests (.only): the rest of the suite would silently stop running.' },
          { object, property: 'skip', message: 'Do not commit skipped tests: fix the test or delete it.' },
        ]),
      ],
    },
  },

  // Backend: typed rules where the compiler cannot help (promises).
  {
    name: 'akhada/backend-typed',
    files: BACKEND,
    languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },

  {
    name: 'akhada/any-where-it-is-the-idiom',
    // Migrations take `Kysely<any>` (kysely's advice: a migration must not depend on today's table types); tests poke
    // at untyped JSON and at tables that exist only in the test.
    files: ['**/migrations.ts', '**/migrations/**', '**/test/**', '**/*.test.{ts,tsx}', 'frontend/e2e/**', 'test-support/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // Frontend: the two hook rules that catch real bugs (hooks called conditionally, stale closures).
  {
    name: 'akhada/frontend',
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
