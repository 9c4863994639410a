// The built client's text files, compressed once at build time: beside each one a `.gz`
// (zopfli, a gzip stream 3 to 4 % smaller than zlib's best) and a `.br` (brotli at its
// highest quality), which the API server sends as they are (@fastify/static `preCompressed`)
// instead of compressing each asset on every request (at brotli quality 4, gzip level 6).
// Wired into vite.config.ts for the client build; the server build is not served.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

/** What compresses: code, styles and other text (images are compressed already). */
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (TEXT.test(entry.name)) yield file;
  }
}

/**
 * Writes `<file>.gz` and `<file>.br` beside every text file of `dir`, each only where it is
 * smaller than the file (a few bytes of text are not). Returns the files that got either.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const done: string[] = [];
  await Promise.all(
    [...filesUnder(dir)].map(async (file) => {
      const bytes = readFileSync(file);
      const gz = await gzipAsync(bytes, { numiterations: 15 });
      if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
      const br = brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      });
      if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
      if (gz.length < bytes.length || br.length < bytes.length) done.push(file);
    }),
  );
  return done.sort();
}

/** The Vite plugin: once the client build is written, its output directory is precompressed. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'toolsify:precompress',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
