// ESLint 9 flat config (`npm run lint`, zero warnings allowed).
// - TypeScript (server/, client/, shared/, test/, vitest.config.ts, and the .mjs files tsconfig.json
//   includes) is linted with typescript-eslint's type-aware recommended rules, through the project
//   service (tsconfig.json): floating promises, unsafe `any`, misused promises, awaiting non-promises….
// - React components and hooks also get eslint-plugin-react-hooks' recommended rules.
// - build.mjs and scripts/ are plain JavaScript outside tsconfig.json: ESLint's recommended JS rules.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', '.bench/**', '.lighthouse/**', 'public/**', 'docs/**', 'content/**'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  // Plain JavaScript run by Node: the build, the measuring and generating scripts, this file.
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  // TypeScript, type-aware.
  {
    files: ['**/*.{ts,tsx,mts,cts}', 'server/**/*.mjs'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      // Express error handlers need four parameters; unused ones are named with a leading underscore.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      // React Router's documented way to answer with a status from a loader is `throw data(null, { status })`.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'package', package: 'react-router', name: 'DataWithResponseInit' }] }],
      // Off, this one rule: `async` without `await` is how this code implements Promise-returning
      // interfaces (Source.fetchJson, test fakes) so that a throw becomes a rejection. The promise
      // mistakes that matter are no-floating-promises and no-misused-promises, which stay on.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // React code: the browser entry and everything the server and the browser both render. Not test/:
  // it has no React components, and its `useSiteInBrowser()` is a vitest fixture, not a hook.
  {
    files: ['client/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}', 'server/**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
  },
);
