// The top entries of a V8 CPU profile (`node --cpu-prof`), as docs/performance.md lists them:
// self time per function and time per package, as shares of the busy (non-idle) time.
//   node scripts/bench/cpu-profile-top.mjs <file.cpuprofile or folder> [entries] [--skip=seconds | --last=seconds]
// --skip leaves out the first seconds (start-up) of the profile; --last keeps only the last ones.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const [where, count = '15'] = args.filter((a) => !a.startsWith('--'));
const file = statSync(where).isDirectory()
  ? path.join(
      where,
      readdirSync(where).find((f) => f.endsWith('.cpuprofile')),
    )
  : where;
const profile = JSON.parse(readFileSync(file, 'utf8'));

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parents = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);
const total = profile.timeDeltas.reduce((sum, d) => sum + d, 0);
const skip = option('last') === undefined ? Number(option('skip') ?? 0) * 1e6 : total - Number(option('last')) * 1e6;
const timeOf = new Map();
let clock = 0;
profile.samples.forEach((id, i) => {
  clock += profile.timeDeltas[i] ?? 0;
  if (clock >= skip) timeOf.set(id, (timeOf.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

const frameWhere = (frame) =>
  frame.url
    .replace(/^file:\/\//, '')
    .replace(/^.*?node_modules\//, '')
    .replace(/^.*\/apps\/server\//, 'server:');
const label = (frame) => `${frame.functionName || '(anonymous)'} ${frameWhere(frame)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
const packageOf = (frame) => {
  const m = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(frame.url);
  if (m) return m[1];
  if (frame.url.includes('/apps/server/')) return 'the server';
  if (frame.url.startsWith('node:')) return `node:${frame.url.slice(5).split('/')[0]}`;
  return `(${frame.functionName || 'native'})`;
};

let busy = 0;
const self = new Map();
const byPackage = new Map();
for (const [id, time] of timeOf) {
  const frame = nodes.get(id).callFrame;
  if (frame.functionName === '(idle)') continue;
  busy += time;
  self.set(label(frame), (self.get(label(frame)) ?? 0) + time);
  const seen = new Set();
  for (let n = id; n !== undefined; n = parents.get(n)) {
    const p = packageOf(nodes.get(n).callFrame);
    // Libraries and the server's own code; Node's internals and natives are in the self times.
    if (p.startsWith('node:') || p.startsWith('(') || seen.has(p)) continue;
    seen.add(p);
    byPackage.set(p, (byPackage.get(p) ?? 0) + time);
  }
}
const share = (t) => `${((100 * t) / busy).toFixed(1)} %`;
const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(count));
console.log(`busy ${(busy / 1e6).toFixed(1)} s of CPU in ${path.basename(file)}`);
console.log('\nself time:');
for (const [name, t] of top(self)) console.log(`  ${share(t).padStart(7)}  ${name}`);
console.log("\ninclusive, by package (libraries and the server's own code):");
for (const [name, t] of top(byPackage)) console.log(`  ${share(t).padStart(7)}  ${name}`);
