// One linter configuration for the whole repository (run by `npm run lint`).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Web features never import each other; app/ composes them (STYLE.md habit 9).
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../features/*', '../../../features/*'], message: 'Features must not import other features; compose them in app/.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/test/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Command-line scripts and benchmarks report on the console.
    files: ['bench/**/*.mjs', 'scripts/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
  {
    // packages never import apps (docs/ARCHITECTURE.md dependency rules).
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/**', '@ipsv/server*', '@ipsv/web*'], message: 'Packages must not import apps.' }] }] },
  },
);
