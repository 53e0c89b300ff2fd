#!/usr/bin/env node
// Web bundle size: raw, gzip and brotli bytes of each built asset, and what the first page load
// (index.html's script and style, without lazily loaded locales) transfers.
// Usage: npm run build && node bench/bundle-size.mjs
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = 'apps/web/dist';
const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set([...index.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]));
const kb = (n) => (n / 1024).toFixed(1);
let totals = { raw: 0, gzip: 0, brotli: 0 };

console.log('| asset | initial load | raw KiB | gzip KiB | brotli KiB |');
console.log('|---|---|---|---|---|');
for (const file of readdirSync(path.join(dist, 'assets'))
  .filter((f) => !f.endsWith('.map'))
  .sort()) {
  const bytes = readFileSync(path.join(dist, 'assets', file));
  const sizes = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli: brotliCompressSync(bytes).length };
  const isInitial = initial.has(`assets/${file}`);
  if (isInitial) totals = { raw: totals.raw + sizes.raw, gzip: totals.gzip + sizes.gzip, brotli: totals.brotli + sizes.brotli };
  console.log(`| ${file} | ${isInitial ? 'yes' : 'lazy'} | ${kb(sizes.raw)} | ${kb(sizes.gzip)} | ${kb(sizes.brotli)} |`);
}
console.log(`\nFirst page load (JS + CSS): ${kb(totals.raw)} KiB raw, ${kb(totals.gzip)} KiB gzip, ${kb(totals.brotli)} KiB brotli`);
