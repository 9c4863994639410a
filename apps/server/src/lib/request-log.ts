import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from '../config.ts';
import { requestLogSerializer } from '../modules/auth/log-redaction.ts';

/** How much the log buffers before a write, and how long a line may wait in it at most. */
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 1000;

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

/** What the log writes to, so the app can flush it when it closes. */
export interface RequestLog {
  options: Pick<FastifyServerOptions, 'logger' | 'logController'>;
  /** Writes what is buffered, synchronously (the app's onClose calls it). */
  flush(): void;
}

/**
 * The logger's options: pino JSON lines at LOG_LEVEL. On stdout they go through a buffered,
 * asynchronous destination (pino.destination with sync: false): lines are gathered into
 * writes of about 4 KB instead of a write per line, flushed at least every second, when the
 * app closes and when the process exits (pino flushes on exit itself). What a crash loses is
 * the last second of lines at most. Tests pass their own stream.
 */
export function requestLog(config: Config, stream?: LogDestination): RequestLog {
  if (config.LOG_LEVEL === 'silent') return { options: { logger: false }, flush() {} };
  const destination = stream ? undefined : pino.destination({ sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS });
  return {
    options: {
      logger: {
        level: config.LOG_LEVEL,
        // A request is logged by these fields only (no header, so no cookie or authorization),
        // its URL redacted: reset and verification links carry tokens. An answer by its
        // status. (pino's `redact` of header paths cost a copy of every line for nothing.)
        serializers: { req: requestLogSerializer },
        stream: stream ?? destination,
      },
      logController: new OneLinePerRequest(),
    },
    flush() {
      // flushSync throws while the destination is still opening (nothing is buffered then).
      try {
        destination?.flushSync();
      } catch {
        // nothing to write yet
      }
    },
  };
}
