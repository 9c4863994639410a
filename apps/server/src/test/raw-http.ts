import http from 'node:http';
import type { LightMyRequestResponse } from 'fastify';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request through a real socket (answers held before the router are sent there), its body as sent (no decompression). */
export function rawGet(url: string, method: 'GET' | 'HEAD', headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * How a socket's answer differs from the router's (app.inject): status, bytes and every header
 * but the connection's own. Empty when they are the same.
 */
export function differences(routed: LightMyRequestResponse, front: RawAnswer): string[] {
  const found: string[] = [];
  if (front.status !== routed.statusCode) found.push(`status ${front.status} != ${routed.statusCode}`);
  if (!front.body.equals(routed.rawPayload)) found.push('body');
  for (const header of Object.keys(routed.headers).filter((h) => !['date', 'connection', 'keep-alive'].includes(h))) {
    if (front.headers[header] !== String(routed.headers[header]))
      found.push(`${header}: ${front.headers[header]} != ${routed.headers[header]}`);
  }
  return found;
}
