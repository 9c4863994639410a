// One production server process (apps/server/dist/main.js) that the crash test starts, kills
// with SIGKILL, and starts again on the same port and database.
import { spawn } from 'node:child_process';
import { closeSync, createWriteStream, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const mainJs = path.resolve(here, '../../apps/server/dist/main.js');

export function assertBuilt() {
  if (!existsSync(mainJs)) {
    throw new Error(`No production build at ${mainJs}: run \`npm run build\` first.`);
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every server this process started: none may outlive it, whatever way it ends. */
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => process.exit(130));
}

async function answers(url) {
  try {
    await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

export class ServerProcess {
  /**
   * @param {{ name: string, port: number, env: Record<string, string>, logFile: string, publicUrl?: string, logToFile?: boolean }} options
   * publicUrl: the address customers use (one for all processes behind a load balancer).
   * logToFile: the server writes its output straight into logFile, as a deployed server writes
   * to its log (the benchmark: a pipe to this process would fill while the load runs).
   */
  constructor({ name, port, env, logFile, publicUrl, logToFile = false }) {
    this.name = name;
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
    this.publicUrl = publicUrl ?? this.url;
    this.env = env;
    this.logFile = logFile;
    this.logToFile = logToFile;
    this.log = createWriteStream(logFile, { flags: 'a' });
    this.child = null;
    this.starts = 0;
    this.kills = 0;
  }

  get running() {
    return this.child !== null;
  }

  /** Starts the server and waits until /api/health answers 200. */
  async start(timeoutMs = 60_000) {
    if (this.child) throw new Error(`${this.name} is already running`);
    if (await answers(this.url)) throw new Error(`port ${this.port} is taken by another process: ${this.name} cannot start`);
    this.starts += 1;
    this.log.write(`\n--- start #${this.starts} at ${new Date().toISOString()}\n`);
    const output = this.logToFile ? openSync(this.logFile, 'a') : null;
    const child = spawn(process.execPath, [mainJs], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        PUBLIC_URL: this.publicUrl,
        LOG_LEVEL: 'warn',
        ...this.env,
      },
      stdio: output === null ? ['ignore', 'pipe', 'pipe'] : ['ignore', output, output],
    });
    if (output === null) {
      child.stdout.pipe(this.log, { end: false });
      child.stderr.pipe(this.log, { end: false });
    } else closeSync(output);
    children.add(child);
    let exited = null;
    child.once('exit', (code, signal) => {
      children.delete(child);
      exited = { code, signal };
      if (this.child === child) this.child = null;
    });
    this.child = child;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (exited) throw new Error(`${this.name} exited while starting (${JSON.stringify(exited)}); see ${this.log.path}`);
      try {
        const res = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(1_000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`${this.name} did not become healthy within ${timeoutMs} ms; see ${this.log.path}`);
  }

  /** SIGKILL: no shutdown hook runs, in-flight requests and transactions die with it. */
  async kill() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.kills += 1;
    this.log.write(`\n--- SIGKILL #${this.kills} at ${new Date().toISOString()}\n`);
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
    this.child = null;
  }

  /** A graceful stop (SIGTERM) at the end of a phase. */
  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
    this.child = null;
  }
}
