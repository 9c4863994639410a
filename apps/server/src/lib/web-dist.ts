import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';

/** Where the built web app is by default: apps/web/dist beside the server's build (the bundle sits in apps/server/dist). */
function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}

/** The built web app's folder: WEB_DIST_DIR, or the default. */
export function webDistDir(config: Pick<Config, 'WEB_DIST_DIR'>): string {
  return path.resolve(config.WEB_DIST_DIR ?? defaultWebDist());
}
