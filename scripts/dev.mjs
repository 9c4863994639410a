#!/usr/bin/env node
// `npm run dev`: the API server (tsx watch, restarts on every change) on PORT (3000) and the
// Vite dev server (hot reload) on 5173, which proxies /api to the server. Open
// http://localhost:5173. Ctrl+C stops both; if either one stops, the other is stopped too.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));

/** The JavaScript file behind a package's command-line tool, run with this same Node. */
function bin(pkg, name) {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const manifest = require(manifestPath);
  const relative = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[name];
  return path.resolve(path.dirname(manifestPath), relative);
}

const webPort = Number(process.env.WEB_PORT ?? 5173);
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  // Links in emails and sign-in redirects should land on the page you are developing.
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
  FORCE_COLOR: process.env.FORCE_COLOR ?? '1',
};

const processes = [
  {
    name: 'server',
    color: 36,
    cwd: path.join(root, 'apps/server'),
    args: [bin('tsx', 'tsx'), 'watch', '--clear-screen=false', 'src/main.ts'],
  },
  {
    name: 'web',
    color: 35,
    cwd: path.join(root, 'apps/web'),
    args: [bin('vite', 'vite'), '--port', String(webPort), '--strictPort'],
  },
];

const children = [];
let stopping = false;

function prefixLines(stream, label, out) {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) out.write(`${label} ${line}\n`);
  });
  stream.on('end', () => {
    if (buffered) out.write(`${label} ${buffered}\n`);
  });
}

function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  process.exitCode = exitCode;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  // Anything still running after 5 s is killed outright.
  setTimeout(() => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 5_000).unref();
}

for (const spec of processes) {
  const label = `\u001b[${spec.color}m[${spec.name}]\u001b[0m`;
  const child = spawn(process.execPath, spec.args, { cwd: spec.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  prefixLines(child.stdout, label, process.stdout);
  prefixLines(child.stderr, label, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${label} stopped (${signal ?? `exit code ${code}`}); stopping the others.`);
      stopAll(code ?? 1);
    }
  });
  child.on('error', (error) => {
    console.error(`${label} could not start: ${error.message}`);
    stopAll(1);
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopAll(0));
}

console.log(`Toolsify development: open http://localhost:${webPort} (API on port ${env.PORT ?? 3000}). Ctrl+C stops both.`);
