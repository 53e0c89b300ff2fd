// One linter configuration for the whole repository (run by `npm run lint`).
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;

/**
 * Dependency boundaries (docs/ARCHITECTURE.md, STYLE.md habit 9). Each zone forbids the files under
 * `target` to import files under `from`. The import is resolved to a file path before it is
 * compared, so every spelling counts: `../../features/x`, a sibling-relative `../x/...` from inside
 * a feature, `./../..`, a dynamic `import()`, `export … from` and `typeof import()` types.
 * `eachChild`: the folders directly under `target` are separate units (features) that may import
 * themselves but not each other.
 */
const BOUNDARY_ZONES = [
  {
    target: ['apps/web/src/features'],
    from: ['apps/web/src/features'],
    eachChild: true,
    message: 'A feature must not import another feature; compose them in src/app, or move what both need to src/api, src/components or src/lib.',
  },
  {
    target: ['apps/web/src/components', 'apps/web/src/lib', 'apps/web/src/api'],
    from: ['apps/web/src/features', 'apps/web/src/app'],
    message: 'Shared layers (src/components, src/lib, src/api) must not import features or the app shell.',
  },
  {
    target: ['apps/server/src/platform'],
    from: ['apps/server/src/modules', 'apps/server/src/jobs'],
    message: 'The platform must not import modules or jobs; pass what it needs in.',
  },
  {
    target: ['apps/server/src/modules'],
    from: ['apps/server/src/jobs'],
    message: 'A module must not import the jobs; jobs call modules, not the other way round.',
  },
];

const under = (file, folder) => {
  const relative = path.relative(path.join(ROOT, folder), file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};
/** First folder of `file` under `folder` (the feature's name). */
const childOf = (file, folder) => path.relative(path.join(ROOT, folder), file).split(path.sep)[0];

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids imports across the dependency boundaries, whatever the spelling of the path.' },
    schema: [{ type: 'object', properties: { zones: { type: 'array' } }, additionalProperties: false }],
    messages: { crossed: '{{message}} ({{source}})' },
  },
  create(context) {
    const file = context.filename;
    const zones = context.options[0].zones.filter((zone) => zone.target.some((folder) => under(file, folder)));
    if (zones.length === 0) return {};
    const check = (node, source) => {
      // Bare specifiers are packages (@ipsv/contracts, react...); apps are not importable by name.
      if (typeof source !== 'string' || !(source.startsWith('.') || path.isAbsolute(source))) return;
      const resolved = path.resolve(path.dirname(file), source);
      for (const zone of zones) {
        const from = zone.from.find((folder) => under(resolved, folder));
        if (!from) continue;
        if (zone.eachChild && zone.target.includes(from) && childOf(resolved, from) === childOf(file, from)) continue;
        context.report({ node, messageId: 'crossed', data: { message: zone.message, source } });
      }
    };
    const literal = (node) => (node && node.type === 'Literal' ? node : null);
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => literal(node.source) && check(node.source, node.source.value),
      TSImportType: (node) => {
        const argument = literal(node.argument?.literal ?? node.argument);
        if (argument) check(argument, argument.value);
      },
    };
  },
};

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
    files: ['apps/**/*.{ts,tsx}'],
    plugins: { local: { rules: { boundaries } } },
    rules: { 'local/boundaries': ['error', { zones: BOUNDARY_ZONES }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Command-line scripts and benchmarks report on the console.
    files: ['bench/**/*.mjs', 'scripts/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
  {
    // packages never import apps (docs/ARCHITECTURE.md dependency rules).
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/**', '@ipsv/server*', '@ipsv/web*'], message: 'Packages must not import apps.' }] }],
    },
  },
);
