// When a bench case's slow answers came, from the timeline `BENCH_TIMELINE=1 npm run bench` writes
// (scripts/bench/load.mjs): the answers over a latency, in clusters of answers that came within
// 30 ms of one another. Answers slow one by one point at the request's own work; a cluster of
// the 50 to 200 in flight at once at a pause of the whole server or database (docs/performance.md).
//   node scripts/bench/timeline.mjs <case.timeline.json> [over ms, default 100]
import { readFileSync } from 'node:fs';

const [file, over = '100'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/bench/timeline.mjs <case.timeline.json> [over ms]');
  process.exit(2);
}
/** @type {Array<[number, number, number]>} [ms since the start, latency ms, status] */
const answers = JSON.parse(readFileSync(file, 'utf8'));
const limit = Number(over);
const clusters = [];
for (const [at, latency] of answers) {
  if (latency <= limit) continue;
  const last = clusters.at(-1);
  if (last && at - last.to < 30) Object.assign(last, { to: at, count: last.count + 1, longest: Math.max(last.longest, latency) });
  else clusters.push({ from: at, to: at, count: 1, longest: latency });
}
const latencies = answers.map(([, latency]) => latency).sort((a, b) => a - b);
const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
const slow = clusters.reduce((sum, c) => sum + c.count, 0);
console.log(`${answers.length} answers, p99 ${p99} ms, ${slow} over ${limit} ms (${((slow / answers.length) * 100).toFixed(2)} %)`);
for (const c of clusters)
  console.log(
    `  ${String(c.from).padStart(6)} to ${String(c.to).padStart(6)} ms: ${String(c.count).padStart(4)} answers, the longest ${c.longest.toFixed(0)} ms`,
  );
