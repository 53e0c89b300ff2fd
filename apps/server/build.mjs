// Bundles the server and the workspace packages it imports into dist/main.js (the admin command into dist/make-admin.js, the privacy
// analysis's thread into dist/privacy-worker.js, a search thread into dist/search-worker.js); npm dependencies
// stay external and load from node_modules.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

await build({
  absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
  entryPoints: {
    main: 'src/main.ts',
    'make-admin': 'src/cli/make-admin.ts',
    'privacy-worker': 'src/platform/media/privacy-worker.ts',
    'search-worker': 'src/modules/search/search-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalise-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.kind === 'entry-point' || args.path.startsWith('@ipsv/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
