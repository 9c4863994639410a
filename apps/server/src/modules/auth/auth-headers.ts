import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { CLIENT_IP_HEADER } from './auth.ts';

/**
 * The request's headers for better-auth, with the client address as Fastify sees it
 * (honouring TRUST_PROXY) in a header of our own: never a forwarding header the client set.
 */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}
