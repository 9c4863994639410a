import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FastifyError } from 'fastify';
import { AppError, defaultMessageOf } from '../lib/errors.ts';
import type { ErrorCode } from '@toolsify/shared/errors';

function send(
  reply: import('fastify').FastifyReply,
  status: number,
  code: ErrorCode | string,
  message: string,
  fields?: Record<string, string>,
) {
  return reply.status(status).send({ error: { code, message, ...(fields ? { fields } : {}) } });
}

/**
 * The one place errors become HTTP answers (DESIGN.md: "errors in one place"). Every failure
 * has the shape `{ error: { code, message, fields? } }`; a 500 never shows internals.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return send(reply, error.status, error.code, error.message, error.fields);
      }
      if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
        // A malformed id names nothing that exists.
        return send(reply, 404, 'NOT_FOUND', defaultMessageOf('NOT_FOUND'));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
          if (issue.keyword === 'unrecognized_keys') {
            const keys = (issue.params as { keys?: string[] }).keys ?? [];
            for (const key of keys) fields[path ? `${path}.${key}` : key] ??= 'This field is not allowed';
          } else {
            fields[path || '_'] ??= issue.message ?? 'Not valid';
          }
        }
        const first = Object.entries(fields)[0];
        const message = first ? (first[0] === '_' ? first[1] : `${first[0]}: ${first[1]}`) : defaultMessageOf('VALIDATION_FAILED');
        return send(reply, 400, 'VALIDATION_FAILED', message, fields);
      }
      const status = error.statusCode ?? 500;
      if (status === 413) return send(reply, 413, 'PAYLOAD_TOO_LARGE', defaultMessageOf('PAYLOAD_TOO_LARGE'));
      if (status === 415) return send(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', defaultMessageOf('UNSUPPORTED_MEDIA_TYPE'));
      if (status === 429) return send(reply, 429, 'RATE_LIMITED', defaultMessageOf('RATE_LIMITED'));
      if (status >= 400 && status < 500) {
        // Fastify's own client errors: malformed JSON, empty body with a JSON content type...
        return send(reply, status, status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', error.message || defaultMessageOf('BAD_REQUEST'));
      }
      request.log.error({ err: error }, 'request failed');
      return send(reply, 500, 'INTERNAL', defaultMessageOf('INTERNAL'));
    });

    app.setNotFoundHandler((request, reply) => send(reply, 404, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
  },
  { name: 'error-handler' },
);
