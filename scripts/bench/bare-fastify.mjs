// The benchmark's ceiling: a bare Fastify 5 process (no logger, no hook, no plugin) answering
// GET /api/tools with the bytes of a file, the store's own tool list read just before. What the
// framework costs per request on this machine, measured in the same run as the store.
// With a headers file (a JSON object), it also sends those headers: the store's own, to show
// what its header bytes cost apart from its code.
//   node scripts/bench/bare-fastify.mjs <port> <file> [<headers.json>]
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file, headersFile] = process.argv.slice(2);
const body = readFileSync(file);
const headers = headersFile ? JSON.parse(readFileSync(headersFile, 'utf8')) : { 'content-type': 'application/json; charset=utf-8' };
const app = Fastify({ logger: false });
app.get('/api/tools', (_request, reply) => reply.headers(headers).send(body));
await app.listen({ port: Number(port), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => app.close().then(() => process.exit(0)));
