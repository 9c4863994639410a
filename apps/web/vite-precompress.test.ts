import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './vite-precompress.ts';

// Code much like a built chunk: repetitive enough to compress, varied enough to be real work.
const code = Array.from(
  { length: 400 },
  (_, i) => `export function part${i}(a,b){return a*${i}+b.map((x)=>x+"${(i * 7919) % 1000}").join(",")}`,
).join('\n');

describe('the build precompresses its text files (vite-precompress)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a zopfli .gz and a brotli .br beside each text file, each decoding to the file', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'toolsify-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const files = {
      chunk: path.join(dir, 'assets', 'vendor-abc.js'),
      style: path.join(dir, 'assets', 'index-abc.css'),
      shell: path.join(dir, 'index.html'),
      tiny: path.join(dir, 'assets', 'empty-abc.js'),
      small: path.join(dir, 'assets', 'runtime-abc.js'),
      image: path.join(dir, 'photo.png'),
    };
    writeFileSync(files.chunk, code);
    writeFileSync(files.style, `.a{color:red}\n`.repeat(200));
    writeFileSync(files.shell, `<!doctype html><title>Toolsify</title>${'<p>Tools</p>'.repeat(100)}`);
    writeFileSync(files.tiny, 'export{}');
    writeFileSync(files.small, code.slice(0, 700));
    writeFileSync(files.image, code);

    const done = await precompressDir(dir);

    expect(done).toEqual([files.style, files.small, files.chunk, files.shell].sort());
    for (const file of done) {
      const bytes = readFileSync(file);
      const gz = readFileSync(`${file}.gz`);
      const br = readFileSync(`${file}.br`);
      expect(gunzipSync(gz).equals(bytes), file).toBe(true);
      expect(brotliDecompressSync(br).equals(bytes), file).toBe(true);
      expect(gz.length, file).toBeLessThan(bytes.length);
    }
    // Zopfli's gzip is smaller than zlib's best: the point of compressing at build time.
    expect(readFileSync(`${files.chunk}.gz`).length).toBeLessThan(gzipSync(code, { level: 9 }).length);
    for (const skipped of [files.tiny, files.image]) {
      expect(existsSync(`${skipped}.gz`), skipped).toBe(false);
      expect(existsSync(`${skipped}.br`), skipped).toBe(false);
    }
  });
});
