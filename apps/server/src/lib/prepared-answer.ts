import { hash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnsweredRequest } from './request-log.ts';

/** Below this many bytes an answer goes uncompressed (@fastify/compress's threshold in app.ts). */
export const COMPRESS_THRESHOLD = 1024;

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * An answer (JSON unless said otherwise) held as the bytes sent: its body, its ETag, and its
 * gzip and brotli forms, each made the first time a client asks for it. Sending one costs no
 * serialization, no hashing and no compression.
 */
export class PreparedAnswer {
  readonly body: Buffer;
  readonly contentType: string;
  readonly #etag: string;
  #gzip: Buffer | undefined;
  #br: Buffer | undefined;

  constructor(text: string, contentType = 'application/json; charset=utf-8') {
    this.body = Buffer.from(text);
    this.contentType = contentType;
    this.#etag = hash('sha1', this.body, 'base64');
  }

  /** Each encoding is its own representation, with its own ETag. */
  etag(encoding: Encoding): string {
    return encoding === 'identity' ? `"${this.#etag}"` : `"${this.#etag}-${encoding}"`;
  }

  bytes(encoding: Encoding): Buffer {
    if (encoding === 'gzip') return (this.#gzip ??= gzipSync(this.body));
    if (encoding === 'br') {
      return (this.#br ??= brotliCompressSync(this.body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length },
      }));
    }
    return this.body;
  }
}

/** The q-value the Accept-Encoding header gives `coding` (0 when absent; `*` stands for any). */
function quality(header: string, coding: string): number {
  let star = 0;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    const token = name.trim().toLowerCase();
    if (token === coding) return Number.isFinite(value) ? value : 0;
    if (token === '*') star = Number.isFinite(value) ? value : 0;
  }
  return star;
}

/** The encoding to send: brotli, then gzip, when the client accepts it and the body is worth it. */
export function encodingFor(acceptEncoding: string | undefined, size: number): Encoding {
  if (!acceptEncoding || size < COMPRESS_THRESHOLD) return 'identity';
  const br = quality(acceptEncoding, 'br');
  const gzip = quality(acceptEncoding, 'gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/**
 * Sends a prepared answer in the encoding the client prefers. The ETag plugin answers 304 when
 * the client already holds it (If-None-Match); @fastify/compress leaves an encoded body alone.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer): FastifyReply {
  const encoding = encodingFor(request.headers['accept-encoding'], answer.body.length);
  reply.header('content-type', answer.contentType);
  reply.header('vary', 'accept-encoding');
  reply.header('etag', answer.etag(encoding));
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(answer.bytes(encoding));
}

/** Prepared answers of values held elsewhere (a cache): one per value, gone with it. */
export class PreparedAnswers {
  readonly #answers = new WeakMap<object, PreparedAnswer>();

  of(value: object, serialize: (value: object) => string): PreparedAnswer {
    let answer = this.#answers.get(value);
    if (!answer) {
      answer = new PreparedAnswer(serialize(value));
      this.#answers.set(value, answer);
    }
    return answer;
  }
}

/** The catalog cache's key of the prepared answer to a GET of exactly `url` (path and query). */
export const preparedKey = (url: string): string => `prepared:${url}`;

/**
 * Answers a route lends to the front until a deadline, by exact URL: health's last good check
 * (modules/health). A route holds an answer only while it would send those very bytes.
 */
export class HeldAnswers {
  readonly #held = new Map<string, { answer: PreparedAnswer; until: number }>();

  /** Answers `url` with `answer` before the router until `until` (a Date.now() time). */
  hold(url: string, answer: PreparedAnswer, until: number): void {
    this.#held.set(url, { answer, until });
  }

  drop(url: string): void {
    this.#held.delete(url);
  }

  get(url: string): PreparedAnswer | undefined {
    const held = this.#held.get(url);
    if (held === undefined) return undefined;
    if (held.until > Date.now()) return held.answer;
    this.#held.delete(url);
    return undefined;
  }
}

/** What answering before the router needs: the answers held, its headers, its log. */
export interface PreparedFront {
  /** The prepared answer to a GET of exactly `url` (path and query), if one is held. */
  answerFor(url: string): PreparedAnswer | undefined;
  /** The security headers of a JSON answer (plugins/security.ts, dataSecurityHeaders). */
  securityHeaders: ReadonlyArray<readonly [string, string]>;
  /** Writes a request's log line (RequestLog.answered); null when such lines are not kept. */
  logLine: ((request: AnsweredRequest) => void) | null;
  /** The client's address as Fastify reads it (TRUST_PROXY). */
  clientIp(request: IncomingMessage): string;
}

let served = 0;

/**
 * The headers of one prepared answer in one encoding, as name, value, name, value...: made
 * once per answer, encoding and status (200 or 304), since none of them depends on anything else.
 */
const headerSets = new WeakMap<PreparedAnswer, Map<string, string[]>>();

function headersOf(front: PreparedFront, answer: PreparedAnswer, encoding: Encoding, notModified: boolean): string[] {
  let sets = headerSets.get(answer);
  if (!sets) {
    sets = new Map();
    headerSets.set(answer, sets);
  }
  const key = notModified ? `${encoding} 304` : encoding;
  let headers = sets.get(key);
  if (!headers) {
    headers = [
      ...front.securityHeaders.flat(),
      'content-type',
      answer.contentType,
      'vary',
      'accept-encoding',
      'etag',
      answer.etag(encoding),
    ];
    if (encoding !== 'identity') headers.push('content-encoding', encoding);
    headers.push('cache-control', 'no-cache', 'content-length', notModified ? '0' : String(answer.bytes(encoding).length));
    sets.set(key, headers);
  }
  return headers;
}

/**
 * Answers a GET or HEAD of a URL whose prepared answer is held (the catalog cache's first
 * pages, health's last good check), before the router: the same status, headers and bytes the
 * route would send (its security headers, ETag and 304, encodings, Cache-Control) and the same
 * log line, for a fraction of the work. Only a route puts an answer there (the catalog's first
 * pages, once the route has validated the query and read the page; health after a check),
 * under the exact URL it answers; anything not held, or no longer held after a write or a
 * failed check, goes to the router. False when it did not answer.
 */
export function answerPrepared(front: PreparedFront, request: IncomingMessage, response: ServerResponse): boolean {
  const method = request.method;
  if ((method !== 'GET' && method !== 'HEAD') || request.url === undefined) return false;
  const answer = front.answerFor(request.url);
  if (answer === undefined) return false;
  const started = performance.now();
  const encoding = encodingFor(request.headers['accept-encoding'], answer.body.length);
  const etag = answer.etag(encoding);
  const notModified = request.headers['if-none-match'] === etag || request.headers['if-none-match'] === `W/${etag}`;
  response.writeHead(notModified ? 304 : 200, headersOf(front, answer, encoding, notModified));
  response.end(notModified || method === 'HEAD' ? undefined : answer.bytes(encoding));
  if (front.logLine) {
    served += 1;
    front.logLine({
      reqId: `prepared-${served.toString(36)}`,
      method,
      url: request.url,
      host: request.headers.host,
      remoteAddress: front.clientIp(request),
      remotePort: request.socket.remotePort,
      statusCode: response.statusCode,
      responseTime: performance.now() - started,
    });
  }
  return true;
}
