#!/usr/bin/env node
// The size budget of the home page (DESIGN.md decision 9, docs/decisions/010-first-paint.md,
// docs/decisions/018-precompressed-assets.md): the JavaScript that / loads before any user action
// must stay at or under 90 kB gzip.
// That JavaScript is exactly what the built index.html asks for (its module scripts and
// modulepreload links) plus every module those import statically, followed transitively. Lazy chunks (import("...")) are not counted: they
// load only when a page or a section needs them.
//
// Usage: node scripts/check-bundle-size.mjs [--dist apps/web/dist] [--max-kb 90]
// Sizes are what the server sends a client that accepts gzip: the build's precompressed `.gz`
// beside the file (zopfli, apps/web/vite-precompress.ts) or, without one, gzip at zlib's default
// level (the server's own compression). Brotli (`.br`, what browsers take) is shown beside them.
// 1 kB = 1000 B.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const dist = path.resolve(root, option('dist', 'apps/web/dist'));
const maxKb = Number(option('max-kb', '90'));
const indexPath = path.join(dist, 'index.html');
if (!existsSync(indexPath)) {
  console.error(`check-bundle-size: ${path.relative(root, indexPath)} not found. Run \`npm run build\` first.`);
  process.exit(2);
}

/** A URL path from the HTML or an import specifier, as a file inside dist (or null). */
function resolveInDist(spec, fromFile) {
  if (/^[a-z][a-z\d+.-]*:/i.test(spec) || spec.startsWith('//')) return null; // another origin
  const clean = spec.split(/[?#]/)[0];
  const file = clean.startsWith('/') ? path.join(dist, clean) : path.resolve(path.dirname(fromFile), clean);
  return file.startsWith(dist + path.sep) && existsSync(file) ? file : null;
}

const html = readFileSync(indexPath, 'utf8');
const tags = html.match(/<(?:script|link)\b[^>]*>/gi) ?? [];
const attr = (tag, name) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];

const entries = [];
for (const tag of tags) {
  if (/^<script/i.test(tag)) {
    const src = attr(tag, 'src');
    if (src) entries.push(src); // inline scripts are counted below
  } else if (/rel\s*=\s*["']?modulepreload/i.test(tag)) {
    const href = attr(tag, 'href');
    if (href) entries.push(href);
  }
}

// Static imports and re-exports: `import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`.
// `import("./x.js")` (a lazy chunk) has a parenthesis after `import`, so it never matches. A
// string in the code that merely looks like an import could only add a file, never hide one.
const STATIC_IMPORT =
  /(?<![\w$.])(?:import|export)\s*(?:[\w$]+\s*,?\s*)?(?:\*\s*(?:as\s+[\w$]+\s*)?|\{[^}]*\}\s*)?(?:from\s*)?["']([^"'\n]+\.m?js)["']/g;

const counted = new Map();
const queue = entries.map((spec) => resolveInDist(spec, indexPath)).filter(Boolean);
while (queue.length > 0) {
  const file = queue.shift();
  if (counted.has(file)) continue;
  const code = readFileSync(file);
  // The server compresses nothing under 1 kB (COMPRESS_THRESHOLD); the build leaves no `.gz` where it is not smaller.
  const sent = (suffix, compress) =>
    existsSync(file + suffix) ? statSync(file + suffix).size : code.length < 1024 ? code.length : compress(code).length;
  counted.set(file, { raw: code.length, gzip: sent('.gz', gzipSync), br: sent('.br', brotliCompressSync) });
  for (const match of code.toString('utf8').matchAll(STATIC_IMPORT)) {
    const target = resolveInDist(match[1], file);
    if (target && !counted.has(target)) queue.push(target);
  }
}

// Inline <script> bodies in index.html run on load as well.
const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
  .map((m) => m[1])
  .join('\n')
  .trim();
if (inline) {
  counted.set(indexPath + ' (inline scripts)', {
    raw: Buffer.byteLength(inline),
    gzip: gzipSync(inline).length,
    br: brotliCompressSync(inline).length,
  });
}

const kb = (bytes) => (bytes / 1000).toFixed(2).padStart(8);
const rows = [...counted.entries()].sort((a, b) => b[1].gzip - a[1].gzip);
const total = rows.reduce((sum, [, s]) => sum + s.gzip, 0);
const totalRaw = rows.reduce((sum, [, s]) => sum + s.raw, 0);
const totalBr = rows.reduce((sum, [, s]) => sum + s.br, 0);

console.log(`JavaScript loaded by / before any user action (${path.relative(root, dist)}):`);
for (const [file, size] of rows) {
  console.log(`  ${kb(size.raw)} kB raw ${kb(size.gzip)} kB gzip ${kb(size.br)} kB brotli  ${path.relative(dist, file)}`);
}
console.log(`  ${kb(totalRaw)} kB raw ${kb(total)} kB gzip ${kb(totalBr)} kB brotli  total (budget ${maxKb} kB gzip)`);

if (rows.length === 0) {
  console.error('check-bundle-size: index.html loads no JavaScript; is this the right build?');
  process.exit(2);
}
if (total > maxKb * 1000) {
  console.error(
    `\nOver budget by ${(total / 1000 - maxKb).toFixed(2)} kB gzip. Load more of the page lazily (see DESIGN.md decision 9 and docs/decisions/010-first-paint.md).`,
  );
  process.exit(1);
}
console.log(`Within budget: ${(maxKb - total / 1000).toFixed(2)} kB gzip to spare.`);
