import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathOf } from '../lib/url.ts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers of a page (HTML, a PDF, Swagger UI), computed at start-up. */
    securityHeaders: ReadonlyArray<readonly [string, string]>;
    /** The security headers of a JSON answer of the API (see dataSecurityHeaders). */
    dataSecurityHeaders: ReadonlyArray<readonly [string, string]>;
  }
  interface FastifyContextConfig {
    /**
     * The answer is the same for every caller (the catalog, reviews, health): browsers and
     * proxies may keep it and revalidate (`no-cache`, with its ETag). Every other /api answer
     * may depend on the session and goes out with `no-store`.
     */
    publicAnswer?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Called by servers, not browsers; they prove themselves by signature instead. */
const ORIGIN_EXEMPT = new Set(['/api/payments/webhook']);

/**
 * Security headers with a Content-Security-Policy the app really runs under (Stripe.js is
 * allowed because the payment page loads it), and an Origin check on every state-changing
 * request: a browser always sends Origin on a POST, so a foreign one is refused.
 */
/** The security headers for this configuration: the same on every answer. */
export function securityHeaderOptions(config: Config): HelmetOptions {
  const stripe = ['https://js.stripe.com', 'https://*.js.stripe.com'];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ["'self'", ...stripe, 'https://hooks.stripe.com'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", 'https:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.PUBLIC_URL.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.PUBLIC_URL.startsWith('https://'),
  };
}

/**
 * The headers helmet sets with these options, computed once: helmet's middleware is run on a
 * stand-in response at start-up and what it set is kept. Nothing in them depends on the
 * request (no nonce), and helmet would otherwise rebuild its Content-Security-Policy on every
 * request (a twelfth of the CPU of a cached catalog read).
 */
export function computeSecurityHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
}

/**
 * The security headers of a JSON answer (docs/decisions/013-security-headers-of-data.md):
 * data is never a page, so it may load nothing and be framed by nothing (OWASP's REST Security
 * Cheat Sheet: `default-src 'none'; frame-ancestors 'none'`), and is read by this origin only.
 * The page headers' HSTS is kept. What concerns documents alone (opener policy, DNS prefetch,
 * IE's download options, the XSS auditor, Flash's cross-domain policies, origin-keyed agent
 * clusters) is left out: a JSON answer is no document. Under a quarter of the page set's bytes.
 */
export function dataSecurityHeaders(pageHeaders: ReadonlyArray<readonly [string, string]>): ReadonlyArray<readonly [string, string]> {
  return [
    ['content-security-policy', "default-src 'none';frame-ancestors 'none'"],
    ['cross-origin-resource-policy', 'same-origin'],
    ['referrer-policy', 'no-referrer'],
    ...pageHeaders.filter(([name]) => name === 'strict-transport-security'),
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
  ];
}

const isJson = (contentType: unknown): boolean => String(contentType).startsWith('application/json');

/**
 * Security headers with a Content-Security-Policy the app really runs under (Stripe.js is
 * allowed because the payment page loads it) on pages, the data set on the API's JSON answers
 * (every other answer under /api, a PDF or Swagger UI, gets the page set), and an Origin check on
 * every state-changing request: a browser always sends Origin on a POST, so a foreign one is
 * refused.
 */
export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const securityHeaders = computeSecurityHeaders(securityHeaderOptions(config));
    const dataHeaders = dataSecurityHeaders(securityHeaders);
    app.decorate('securityHeaders', securityHeaders);
    app.decorate('dataSecurityHeaders', dataHeaders);
    const trusted = new Set(config.trustedOrigins);
    // A form refused from the very address it was sent to: the store was opened somewhere other
    // than PUBLIC_URL (a LAN address, a new domain). Said once per address, and for a few
    // addresses at most (the headers are the client's to choose).
    const hinted = new Set<string>();
    const hintPublicUrl = (request: FastifyRequest, origin: string) => {
      if (hinted.has(origin) || hinted.size >= MOST_PUBLIC_URL_HINTS) return;
      hinted.add(origin);
      request.log.warn(
        { origin, publicUrl: config.PUBLIC_URL },
        `forms from ${origin} are refused: the store takes them from PUBLIC_URL only. If buyers open the store at ${origin}, set PUBLIC_URL to it`,
      );
    };
    const refused = (request: FastifyRequest): AppError | undefined => {
      const rawPath = pathOf(request.url);
      // The router decodes the path, so `/%61pi/users` would reach `/api/users` past any check
      // that reads the raw URL: only the plain spelling of /api is served.
      if (!rawPath.startsWith('/api') && spellsApi(rawPath)) {
        return new AppError('BAD_REQUEST', 'The address is not valid.');
      }
      // Every state-changing request, whatever its path: the check cannot be walked around.
      if (SAFE_METHODS.has(request.method) || ORIGIN_EXEMPT.has(rawPath)) return undefined;
      const origin = request.headers.origin;
      if (origin !== undefined && !trusted.has(origin)) {
        if (openedElsewhere(origin, request.headers.host)) hintPublicUrl(request, origin);
        return new AppError('FORBIDDEN', 'This request came from another site and was refused.');
      }
      // No Origin at all: a browser would have sent one unless it is same-origin navigation;
      // Sec-Fetch-Site tells us when a browser made a cross-site request without it.
      const site = request.headers['sec-fetch-site'];
      if (origin === undefined && site !== undefined && site !== 'same-origin' && site !== 'none') {
        return new AppError('FORBIDDEN', 'This request came from another site and was refused.');
      }
      return undefined;
    };
    // Callback-style hooks: this runs on every request, and an async hook costs a promise each.
    // An /api answer starts with the data set and turns to the page set once it is known not to
    // be JSON (onSend below); any other answer is a page.
    app.addHook('onRequest', (request, reply, done) => {
      for (const [name, value] of request.url.startsWith('/api/') ? dataHeaders : securityHeaders) reply.header(name, value);
      const refusal = refused(request);
      if (refusal) done(refusal);
      else done();
    });

    // One place for the API's Cache-Control: nothing that may depend on the session is kept by
    // a browser or a shared cache, unless its route declares it public (see publicAnswer). A
    // route cannot opt out by setting a header of its own: only publicAnswer makes it public.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api/')) {
        const type = reply.getHeader('content-type');
        if (type !== undefined && !isJson(type)) for (const [name, value] of securityHeaders) reply.header(name, value);
        const isPublic = request.routeOptions.config?.publicAnswer === true || request.url.startsWith('/api/docs');
        if (!isPublic) reply.header('cache-control', 'no-store');
        else if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
      }
      done(null, payload);
    });
  },
  { name: 'security' },
);

/** How many addresses the hint about PUBLIC_URL is logged for, at most, per process. */
const MOST_PUBLIC_URL_HINTS = 8;

/** Whether a refused Origin is the address the request was sent to (same-origin to the browser). */
function openedElsewhere(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/** Whether a raw path, once percent-decoded, is under /api (however it is spelled). */
function spellsApi(rawPath: string): boolean {
  if (!rawPath.includes('%')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return false; // the router refuses a broken escape itself
  }
  return decoded === '/api' || decoded.startsWith('/api/');
}
