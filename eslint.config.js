// ESLint 9 flat config (`npm run lint`, zero warnings allowed).
// - TypeScript (server/, client/, shared/, test/, vitest.config.ts, and the .mjs files tsconfig.json
//   includes) is linted with typescript-eslint's type-aware recommended rules, through the project
//   service (tsconfig.json): floating promises, unsafe `any`, misused promises, awaiting non-promises….
// - React components and hooks also get eslint-plugin-react-hooks' recommended rules.
// - build.mjs and scripts/ are plain JavaScript outside tsconfig.json: ESLint's recommended JS rules.
// - Where code runs (docs/architecture.md, "Where code runs"): Node's globals for server/, scripts/,
//   test/ and the config files; the browser's for client/ and shared/. For TypeScript, tsc is what refuses
//   an undeclared global (typescript-eslint turns no-undef off there): tsconfig.shared.json checks
//   shared/ and client/ without Node's types. The imports that would carry code to the wrong side fail
//   here: shared/ imports neither server/, client/ nor Node's modules; client/ neither server/ nor Node's
//   modules; an island imports only modules that ship with it.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const NODE_MODULES = {
  regex: `^(?:node:|(?:${builtinModules.join('|')})(?:/|$))`,
  message: "Node's modules are server/'s: this code also runs in the browser.",
};
const SERVER = { regex: '^(?:\\.\\./)+server(?:/|$)', message: 'server/ is Node-only: code that runs in the browser cannot import it.' };
const CLIENT = { regex: '^(?:\\.\\./)+client(?:/|$)', message: "client/ is the browser's runtime: shared/ does not depend on it." };

/** The shared modules an island may import from outside shared/islands/: they import nothing themselves. */
const ISLAND_LEAVES = ['constants', 'display'];

/**
 * What an island `depth` folders below shared/ may import: modules of shared/islands/, the leaves,
 * React, and the two browser libraries the islands load. Whatever an island imports ships to the browser,
 * so it lives where that shows.
 */
function islandImports(depth) {
  const out = '\\.\\./'.repeat(depth);
  return [
    NODE_MODULES,
    {
      regex: `^${out}(?!(?:${ISLAND_LEAVES.join('|')})$)`,
      message: `An island imports only what ships with it: shared/islands/ and shared/${ISLAND_LEAVES.join('.ts, shared/')}.ts. Move what it needs into shared/islands/.`,
    },
    {
      regex: '^(?![./]|react$|react-dom$|swiper(?:/|$)|docx-preview$)',
      message: 'An island ships to the browser: its packages are react, react-dom, swiper and docx-preview.',
    },
  ];
}

const restrictImports = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', '.bench/**', '.lighthouse/**', 'public/**', 'docs/**', 'content/**'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  // TypeScript, type-aware.
  {
    files: ['**/*.{ts,tsx,mts,cts}', 'server/**/*.mjs'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
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
  // Run by Node: the server, the measuring and generating scripts, the tests, the build and the config files.
  {
    files: ['server/**', 'scripts/**', 'test/**', '*.{js,mjs,cjs,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  // Run in the browser: its runtime, and the code the server and the browser both may run.
  {
    files: ['client/**', 'shared/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ['shared/**'], rules: restrictImports([NODE_MODULES, SERVER, CLIENT]) },
  { files: ['client/**'], rules: restrictImports([NODE_MODULES, SERVER]) },
  { files: ['shared/islands/*.{ts,tsx}'], rules: restrictImports(islandImports(1)) },
  { files: ['shared/islands/*/*.{ts,tsx}'], rules: restrictImports(islandImports(2)) },
  { files: ['shared/islands/*/*/**/*.{ts,tsx}'], rules: restrictImports(islandImports(3)) },
  // The leaves islands import ship with them, so they import nothing.
  {
    files: ISLAND_LEAVES.map((name) => `shared/${name}.ts`),
    rules: restrictImports([{ regex: '.', message: 'Islands import this module: what it imported would ship to the browser too.' }]),
  },
  // React code: the browser entry and everything the server and the browser both render. Not test/:
  // it has no React components, and its `useSiteInBrowser()` is a vitest fixture, not a hook.
  {
    files: ['client/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}', 'server/**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
  },
);
