import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential: emailed tokens and OAuth codes. */
const SECRET_PARAMS = /([?&](?:token|code|state|id_token|access_token|refresh_token|code_verifier)=)[^&#]*/gi;
/** better-auth's reset link carries its token in the path. */
const SECRET_PATH = /(\/api\/auth\/reset-password\/)[^/?#]+/i;

/** The URL as a log may show it: tokens and OAuth codes replaced by [redacted]. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');
}

/** Fastify's request log fields, with the URL redacted (a reset link must never reach a log). */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
