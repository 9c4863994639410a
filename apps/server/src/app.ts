import { hash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { migrateToLatest } from './db/migrate.ts';
import { TtlCache } from './lib/ttl-cache.ts';
import { TurnGate } from './lib/turn-gate.ts';
import { countInFlight } from './lib/requests-in-flight.ts';
import { requestLog } from './lib/request-log.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { COMPRESS_THRESHOLD, HeldAnswers, PreparedAnswer, answerPrepared, preparedKey, type PreparedFront } from './lib/prepared-answer.ts';
import proxyAddr from '@fastify/proxy-addr';
import { AppError } from './lib/errors.ts';
import { MAX_JSON_DEPTH, findTextProblem } from './lib/nul-text.ts';
import { databasePlugin } from './plugins/database.ts';
import { SearchKeyStats } from './modules/tools/tools.search-stats.ts';
import { SearchVocabulary } from './modules/tools/tools.suggest.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';
import { authPlugin } from './modules/auth/auth.plugin.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { toolsRoutes } from './modules/tools/tools.routes.ts';
import { findTool, listTools } from './modules/tools/tools.service.ts';
import { storeConfigOf } from './modules/health/store-config.ts';
import { toolListQuerySchema } from '@toolsify/shared/tools';
import { HOME_NEWEST_TOOLS } from '@toolsify/shared/first-paint';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { apiModules } from './modules/index.ts';
import { paymentsPlugin } from './modules/payments/payments.plugin.ts';
import { mailPlugin } from './modules/mail/mail.plugin.ts';
import { seedDemoData } from './seed/demo.ts';

/**
 * lib/turn-gate.ts, decisions 015 and 016: 2 since SQLite's group commit waits out a burst of
 * connections (8 before it: 16 left longer waits, 4 cost orders/s).
 */
const REQUESTS_PER_TURN_WHILE_ACCEPTING = 2;

const NUL_TEXT_MESSAGE = 'Text cannot contain a NUL character (\\u0000).';
const LONE_SURROGATE_MESSAGE = 'Text cannot contain half of a character (a lone surrogate, such as \\ud800).';
const TOO_DEEP_MESSAGE = `This request nests more than ${MAX_JSON_DEPTH} levels deep.`;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The newest-tools answer and other hot reads; cleared by any catalog or stock change. */
    catalogCache: TtlCache<unknown>;
    /** Answers sent before the router until a deadline (health's last good check). */
    heldAnswers: HeldAnswers;
    /** PostgreSQL: how common the search index's keys are (how a search page is read). */
    searchKeyStats: SearchKeyStats | undefined;
    /** The words of the tools' names, for "Did you mean" (read when a search first finds nothing). */
    searchVocabulary: SearchVocabulary;
  }
}

export interface BuildOptions {
  /** Extra Fastify options (tests pass `logger: false`). */
  fastify?: FastifyServerOptions;
  /** Serve the built web app (production); off in API tests. */
  serveWeb?: boolean;
  /** Called for every route as it is registered (the authorization matrix collects them). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: { write(line: string): void };
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** A fresh, fully wired app: each test builds its own (fastify/demo's pattern). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const log = requestLog(config, options.logStream);
  // A hop count trusts that many proxies nearest to us (proxy-addr's hop index).
  const trustProxy = typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY;
  // Answers held as their final bytes are sent before the router (lib/prepared-answer.ts);
  // set once the app's plugins are registered.
  let front: PreparedFront | undefined;
  const app = Fastify({
    ...log.options,
    trustProxy,
    bodyLimit: 1024 * 1024,
    // A request that never finishes must not hold a connection forever.
    requestTimeout: 30_000,
    serverFactory(handler) {
      // While connections wait to be accepted, a turn of the event loop starts a few requests'
      // work, so that it turns (and accepts) often: lib/turn-gate.ts.
      const gate = new TurnGate(REQUESTS_PER_TURN_WHILE_ACCEPTING);
      const server = http.createServer((request, response) => {
        if (front !== undefined && answerPrepared(front, request, response)) return;
        countInFlight(response);
        gate.admit(() => {
          // A client that left while its request waited is not served.
          if (!request.socket.destroyed) handler(request, response);
        });
      });
      server.on('connection', () => gate.noteConnection());
      // What Fastify sets on a server it creates itself.
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 30_000;
      server.setTimeout(0);
      return server;
    },
    // The router's own rejections (a path parameter too long, a broken %-escape) answer in
    // our error shape too: an over-long id names nothing that exists.
    frameworkErrors(error, _request, reply) {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const body = {
        error: { code: tooLong ? 'NOT_FOUND' : 'BAD_REQUEST', message: tooLong ? 'Not found.' : 'The address is not valid.' },
      };
      void (reply as FastifyReply).code(tooLong ? 404 : 400).send(body);
    },
    ...options.fastify,
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by serializers compiled from their schemas; tests and development also
  // validate each answer with zod (lib/response-serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler({ checked: config.NODE_ENV !== 'production' }));
  app.addHook('onClose', (_app, done) => {
    log.flush();
    done();
  });
  app.decorate('config', config);
  app.decorate('catalogCache', new TtlCache<unknown>(2_000, 1_000));
  app.decorate('heldAnswers', new HeldAnswers());

  // A body we cannot parse is the client's mistake, in our error shape.
  app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) =>
    done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send JSON (Content-Type: application/json).'), undefined),
  );
  // A route that declares no body refuses one, so nothing a client sends is silently dropped
  // (say a price on "pay this order"). Raw bodies (the signed webhook) and better-auth's mount,
  // which validates its own, are theirs to judge; an empty JSON object is no body.
  const bodyProblem = (request: FastifyRequest): AppError | undefined => {
    // No text may carry a NUL or half a character (a lone surrogate): PostgreSQL cannot store
    // either, and no form can type them. Nothing
    // nests deeper than MAX_JSON_DEPTH, so no check below can run out of stack on a body.
    const problem = findTextProblem(request.body) ?? findTextProblem(request.query);
    if (problem?.kind === 'too-deep') return new AppError('BAD_REQUEST', TOO_DEEP_MESSAGE);
    if (problem?.kind === 'nul' || problem?.kind === 'lone-surrogate') {
      const message = problem.kind === 'nul' ? NUL_TEXT_MESSAGE : LONE_SURROGATE_MESSAGE;
      return new AppError('VALIDATION_FAILED', message, problem.path === '' ? undefined : { [problem.path]: message });
    }
    const body: unknown = request.body;
    if (body === undefined || body === null || Buffer.isBuffer(body) || request.routeOptions.schema?.body) return undefined;
    if (typeof body === 'object' && Object.keys(body).length === 0) return undefined;
    if (request.is404 || request.url.startsWith('/api/auth/')) return undefined;
    return new AppError('BAD_REQUEST', 'This request takes no body.');
  };
  // Callback style: it runs on every request, and an async hook costs a promise each.
  app.addHook('preValidation', (request, _reply, done) => {
    const problem = bodyProblem(request);
    if (problem) done(problem);
    else done();
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { config });
  await app.register(compress, { threshold: COMPRESS_THRESHOLD });
  // One-shot hashing (no Hash object per answer); the same ETags as the plugin's own sha1.
  await app.register(etag, { hashFn: (payload) => hash('sha1', payload, 'base64') });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Toolsify API',
        description: 'The storefront API. Every error answers { error: { code, message, fields? } }.',
        version: '1.0.0',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'toolsify.session_token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(databasePlugin, { config });
  // Before any route: it counts the requests of routes with a `config.rateLimit`.
  await app.register(rateLimitPlugin, { config });
  await app.register(mailPlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(paymentsPlugin, { config });
  await migrateToLatest(app.db, app.dialect, config.DATABASE_SCHEMA);
  if (config.SEED_DEMO) await seedDemoData(app.db);
  app.decorate(
    'searchKeyStats',
    app.dialect === 'postgres'
      ? new SearchKeyStats(app.db, (error) => app.log.warn({ err: error }, 'reading the search statistics failed; searches use the index'))
      : undefined,
  );
  app.decorate('searchVocabulary', new SearchVocabulary(app.db));

  mkdirSync(path.resolve(config.UPLOAD_DIR), { recursive: true });
  await app.register(healthRoutes);
  await app.register(toolsRoutes);
  await app.register(contactRoutes);
  for (const module of apiModules) await app.register(module);

  if (options.serveWeb) {
    // The home page's HTML carries the newest tools as `GET /api/tools?limit=6` answers them:
    // the same query, so the same cached page (plugins/web.ts).
    const homeQuery = toolListQuerySchema.parse({ limit: String(HOME_NEWEST_TOOLS) });
    await app.register(webPlugin, {
      config,
      toolOf: (id) => findTool(app, id),
      newestTools: () => listTools(app, homeQuery),
      storeConfig: storeConfigOf(config),
      catalogCache: app.catalogCache,
    });
  }
  const trust = trustProxy === false ? undefined : typeof trustProxy === 'function' ? trustProxy : proxyAddr.compile(trustProxy);
  front = {
    answerFor: (url) => {
      const cached = app.catalogCache.get(preparedKey(url));
      return cached instanceof PreparedAnswer ? cached : app.heldAnswers.get(url);
    },
    securityHeaders: app.dataSecurityHeaders,
    logLine: log.answered,
    clientIp: (request) => (trust ? proxyAddr(request, trust) : (request.socket.remoteAddress ?? '')),
  };
  return app;
}
