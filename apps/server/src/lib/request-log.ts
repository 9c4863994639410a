import { hostname } from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from '../config.ts';
import { redactUrl, requestLogSerializer } from '../modules/auth/log-redaction.ts';

/** How much the log gathers before a write, and how long a line may wait at most. */
const LOG_BATCH_CHARS = 16 * 1024;
const LOG_FLUSH_MS = 1000;

/** The batched destinations still open: each is flushed when the process exits. */
const open = new Set<BatchedDestination>();
let exitHookSet = false;

/**
 * Lines gathered in memory and written to stdout about 16 KB at a time, synchronously, through
 * a synchronous SonicBoom (which waits and retries while a full pipe answers EAGAIN, as pino's
 * default stdout does). Measured here per line: pino's default synchronous destination 7.8 us,
 * its asynchronous one (sync: false, minLength 4096) 7.2 us (a thread-pool round trip per write,
 * and the pending text measured again at every line), this 2.3 us (a writer that drops lines:
 * 1.3 us). Written at least every second, when the app closes and when the process exits.
 */
class BatchedDestination {
  readonly #out = pino.destination({ dest: 1, sync: true });
  readonly #timer: NodeJS.Timeout;
  #lines: string[] = [];
  #chars = 0;
  /** Once the app has closed, a late line is written at once. */
  #closed = false;

  constructor() {
    this.#timer = setInterval(() => this.flush(), LOG_FLUSH_MS);
    this.#timer.unref();
    open.add(this);
    if (!exitHookSet) {
      exitHookSet = true;
      process.on('exit', () => {
        for (const destination of open) destination.flush();
      });
    }
  }

  write(line: string): void {
    this.#lines.push(line);
    this.#chars += line.length;
    if (this.#chars >= LOG_BATCH_CHARS || this.#closed) this.flush();
  }

  flush(): void {
    if (this.#lines.length === 0) return;
    const text = this.#lines.join('');
    this.#lines = [];
    this.#chars = 0;
    this.#out.write(text);
  }

  close(): void {
    this.#closed = true;
    this.flush();
    clearInterval(this.#timer);
    open.delete(this);
  }
}

/**
 * One line per request, written when it is answered: the request (its URL redacted, see
 * log-redaction.ts), the status and the time taken. Fastify's default writes two lines, one
 * when the request arrives and one when it is answered.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export interface LogDestination {
  write(line: string): void;
}

/** A request answered before the router (lib/prepared-answer.ts), as its log line tells it. */
export interface AnsweredRequest {
  reqId: string;
  method: string;
  url: string;
  host: string | undefined;
  remoteAddress: string;
  remotePort: number | undefined;
  statusCode: number;
  responseTime: number;
}

/** What the log writes to, so the app can flush it when it closes. */
export interface RequestLog {
  options: Pick<FastifyServerOptions, 'logger' | 'logController'>;
  /** Writes what is gathered and stops the timer (the app's onClose calls it). */
  flush(): void;
  /**
   * Writes the line of a request answered before the router: the very line pino writes for a
   * routed one (request-log.test.ts compares them), put together without pino's general
   * serialization, which cost a fifth of such a request. Null when lines at info are not kept.
   */
  answered: ((request: AnsweredRequest) => void) | null;
}

const LEVELS_WITH_INFO = new Set(['trace', 'debug', 'info']);

/** `,"name":value` as JSON.stringify writes it; nothing for undefined, as JSON.stringify drops it. */
const field = (name: string, value: string | number | undefined): string =>
  value === undefined ? '' : `,"${name}":${JSON.stringify(value)}`;

/** The writer of `answered` lines: pino's line layout (level, time, pid, hostname, then the fields). */
function answeredLines(out: LogDestination): (request: AnsweredRequest) => void {
  const base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  return (r) => {
    const req = `{"method":${JSON.stringify(r.method)}${field('url', redactUrl(r.url))}${field('host', r.host)}${field('remoteAddress', r.remoteAddress)}${field('remotePort', r.remotePort)}}`;
    out.write(
      `{"level":30,"time":${Date.now()}${base},"reqId":${JSON.stringify(r.reqId)},"req":${req},"res":{"statusCode":${r.statusCode}},"responseTime":${r.responseTime},"msg":"request completed"}\n`,
    );
  };
}

/**
 * The logger's options: pino JSON lines at LOG_LEVEL, on stdout through a batched destination
 * (a write per 16 KB of lines instead of one per line; see BatchedDestination). What a crash
 * loses is the last second of lines at most. Tests pass their own stream.
 */
export function requestLog(config: Config, stream?: LogDestination): RequestLog {
  if (config.LOG_LEVEL === 'silent') return { options: { logger: false }, flush() {}, answered: null };
  let destination: BatchedDestination | undefined;
  const out: LogDestination = stream ?? (destination = new BatchedDestination());
  return {
    options: {
      logger: {
        level: config.LOG_LEVEL,
        // A request is logged by these fields only (no header, so no cookie or authorization),
        // its URL redacted: reset and verification links carry tokens. An answer by its
        // status. (pino's `redact` of header paths cost a copy of every line for nothing.)
        serializers: { req: requestLogSerializer },
        stream: out,
      },
      logController: new OneLinePerRequest(),
    },
    answered: LEVELS_WITH_INFO.has(config.LOG_LEVEL) ? answeredLines(out) : null,
    flush() {
      destination?.close();
    },
  };
}
