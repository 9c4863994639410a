import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

/**
 * The Chromium the tests drive: CHROME_PATH, else Debian's /usr/bin/chromium, else the one
 * shipped inside the @sparticuz/chromium npm package (launches with nothing from apt), so
 * `npm test` passes on a fresh machine with nothing installed by hand.
 * E2E_CHROMIUM=bundled skips the first two (to prove the fallback on a machine that has both).
 */
export async function chromiumPath(): Promise<string> {
  if (process.env.E2E_CHROMIUM !== 'bundled') {
    const fromEnv = process.env.CHROME_PATH;
    if (fromEnv && existsSync(fromEnv)) return fromEnv;
    for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
      if (existsSync(candidate)) return candidate;
    }
  }
  return bundledChromium();
}

/**
 * @sparticuz/chromium unpacks its browser, fonts and SwiftShader into the temp folder, but
 * its NSS/NSPR/expat libraries only on Amazon Linux. A Debian without Chromium from apt lacks
 * them too, so unpack them here and point the dynamic loader (and fontconfig) at them; the
 * browser Playwright or Lighthouse starts inherits this environment.
 */
async function bundledChromium(): Promise<string> {
  const { default: chromium } = await import('@sparticuz/chromium');
  const executable = await chromium.executablePath();
  const libDir = path.join(tmpdir(), 'al2023', 'lib');
  if (!existsSync(path.join(libDir, 'libnss3.so'))) {
    const require = createRequire(import.meta.url);
    // The package's entry is build/cjs/index.cjs; its archives are in bin/.
    const archive = path.resolve(path.dirname(require.resolve('@sparticuz/chromium')), '../../bin/al2023.tar.br');
    const target = path.join(tmpdir(), 'al2023');
    mkdirSync(target, { recursive: true });
    const untar = spawnSync('tar', ['-x', '-C', target], { input: brotliDecompressSync(readFileSync(archive)) });
    if (untar.status !== 0) throw new Error(`could not unpack Chromium's libraries: ${untar.stderr.toString()}`);
  }
  const ld = process.env.LD_LIBRARY_PATH;
  if (!ld?.split(':').includes(libDir)) process.env.LD_LIBRARY_PATH = ld ? `${libDir}:${ld}` : libDir;
  process.env.FONTCONFIG_PATH ??= path.join(tmpdir(), 'fonts');
  return executable;
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
