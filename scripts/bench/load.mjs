// One load run with autocannon, in its own process (so the load generator and the server do
// not share an event loop). Reads a JSON case from stdin (or argv[2]), prints autocannon's
// result as JSON.
//   { url, connections, duration, method?, paths?: string[], body?: object, bodies?: object[],
//     cookies?: string[], idempotency?: boolean, origin?: string, timeline?: string }
// Every request, on every connection, picks a path uniformly at random (autocannon calls
// setupRequest before each request), and a random buyer's cookie; with `idempotency` each
// order carries a fresh Idempotency-Key, as the web app sends. The case comes on stdin because
// the search and filter cases carry thousands of paths, more than one argument may hold (128 KB).
// With `timeline` (a file), every answer's [time it came (ms since the run's start), latency
// (ms), status] is written there, for scripts/bench/timeline.mjs.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';

const spec = JSON.parse(process.argv[2] ?? readFileSync(0, 'utf8'));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const paths = spec.paths ?? ['/'];
const bodies = spec.bodies ?? (spec.body ? [spec.body] : null);

const run = autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  timeout: 10,
  requests: [
    {
      method: spec.method ?? 'GET',
      setupRequest(request) {
        const headers = { ...request.headers };
        if (spec.cookies) headers.cookie = pick(spec.cookies);
        if (spec.idempotency) headers['idempotency-key'] = randomUUID();
        if (spec.origin) headers.origin = spec.origin;
        const next = { ...request, path: pick(paths), headers };
        if (bodies) {
          next.body = JSON.stringify(pick(bodies));
          headers['content-type'] = 'application/json';
        }
        return next;
      },
    },
  ],
});
const answers = [];
const start = Date.now();
if (spec.timeline)
  run.on('response', (_client, status, _bytes, latency) => answers.push([Date.now() - start, +latency.toFixed(2), status]));
const result = await run;
if (spec.timeline) writeFileSync(spec.timeline, JSON.stringify(answers));

process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    latency: {
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
      average: result.latency.average,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: result.statusCodeStats,
    duration: result.duration,
  }),
);
