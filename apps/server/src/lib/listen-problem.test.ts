import { createServer, type Server } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenProblem } from './listen-problem.ts';

describe('a port the store cannot have', () => {
  let taken: Server;
  let port: number;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    port = (taken.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('is told in a sentence that names the port and what to do, not a stack trace', async () => {
    const app = Fastify();
    const error = await app.listen({ port, host: '127.0.0.1' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    await app.close();
    expect(listenProblem(error, port)).toBe(
      `Port ${port} is already in use (another Toolsify, or another program). Stop it, or start this one on another port: PORT=${port + 1} npm start`,
    );
  });

  it('never suggests a port past the last one', () => {
    const inUse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    expect(listenProblem(inUse, 65_535)).toContain('PORT=65534 npm start');
  });

  it('leaves any other failure to the stack trace', () => {
    expect(listenProblem(new Error('boom'), 3000)).toBeUndefined();
    expect(listenProblem(undefined, 3000)).toBeUndefined();
  });
});
