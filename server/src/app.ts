import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { appointmentReminderStep } from './modules/crm/index.ts';
import { sessionCookies } from './modules/identity/index.ts';
import { Mailer, wakeIfRequested } from './modules/mail/index.ts';
import { auditRequests } from './platform/audit-trail.ts';
import { compressJsonAnswers } from './platform/compressed-answers.ts';
import type { AppContext } from './platform/context.ts';
import type { Db } from './platform/db.ts';
import { AppError, fromDatabase } from './platform/errors.ts';
import { FileStore, fromMultipart, requireMultipartBoundary } from './platform/files.ts';
import { FrontDoor, serverWithDoor } from './platform/front-door.ts';
import { AccessRules, guard } from './platform/guard.ts';
import { registerHealth } from './platform/health.ts';
import { forgetOldKeys } from './platform/idempotency.ts';
import { noStoreWhenPersonal } from './platform/private-answers.ts';
import { type RouteDef, refuseControlCharactersInParams } from './platform/route.ts';
import { apiSecurityHeaders, sendSecurityHeaders } from './platform/security-headers.ts';
import { closeConnectionsWhenClosing } from './platform/shutdown.ts';
import type { SqlWatch } from './platform/sql-watch.ts';
import { TokenService } from './platform/tokens.ts';
import { serveWebApp } from './platform/web-app.ts';
import { routeTable } from './route-table.ts';

export interface AppDeps {
  db: Db;
  /** The database's SQL watch (`Database.watch`): what the caches learn of writes. */
  watch: SqlWatch;
  config: Config;
  /** The token signing secret (from JWT_SECRET or generated once and kept in the database). */
  secret: string;
  logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its access rule; the permission matrix test walks it. */
    routeTable: RouteDef[];
    /** The mail worker sending the outbox (started when the app is ready, stopped when it closes). */
    mailer: Mailer;
    /** Answers visitors' kept reads before the app's routing (front-door.ts). */
    frontDoor: FrontDoor;
  }
  interface FastifyRequest {
    /** The statements this request has sent so far (only when `countStatements` is on). */
    statements?: () => number;
  }
}

/**
 * Fastify's own hop count trusts nothing (it cannot tell the peer is a proxy), so a count is the
 * nearest `hops` addresses, counting the connection's own: the server must then be reachable only
 * through those proxies. A list is handed over as it is.
 */
function proxyTrust(trust: Config['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // visitors' kept reads are answered before Fastify sees them (front-door.ts)
  const door = new FrontDoor(apiSecurityHeaders(config), sessionCookies, config.countStatements);
  const app = Fastify({
    serverFactory: serverWithDoor(door),
    logger: deps.logger === false ? false : { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    trustProxy: proxyTrust(config.trustProxy),
  });
  const ctx: AppContext = {
    db: deps.db,
    watch: deps.watch,
    config,
    tokens: new TokenService(deps.secret, config.accessTokenSeconds),
    files: await FileStore.open(config),
    door,
  };
  if (deps.logger !== false) door.log = app.log;
  app.decorate('frontDoor', door);
  app.addHook('preClose', (done) => {
    door.close();
    done();
  });
  app.addHook('onClose', async () => ctx.files.close());

  sendSecurityHeaders(app, config);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes } });

  // every request's transactions name its actor to the audit log's triggers (issue 34)
  auditRequests(app, ctx.db);
  app.addHook('preValidation', requireMultipartBoundary);
  noStoreWhenPersonal(app, sessionCookies);
  compressJsonAnswers(app);

  // tests hold hot requests to a number of SQL statements: each answer says how many it sent
  if (config.countStatements) {
    app.addHook('onRequest', (req, _reply, done) => {
      let read: (() => number) | undefined;
      req.statements = () => read?.() ?? 0;
      read = deps.watch.countWithin(done);
    });
    app.addHook('onSend', async (req, reply) => {
      if (req.statements) reply.header('x-sql-statements', String(req.statements()));
    });
  }

  app.setErrorHandler((error, req, reply) => {
    const known = error instanceof AppError ? error : (fromDatabase(error) ?? fromMultipart(error, req));
    if (known) return reply.code(known.status).send(known.toBody());
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) return reply.code(413).send({ error: 'The request is too large', code: 'payload_too_large' });
    if (status && status >= 400 && status < 500) {
      return reply.code(400).send({ error: error instanceof Error ? error.message : 'Bad request', code: 'validation_failed' });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'Something went wrong on our side; it has been logged', code: 'internal_error' });
  });

  const rules = new AccessRules(ctx);
  const routes = routeTable(ctx);
  app.decorate('routeTable', routes);
  for (const route of routes) {
    app.route({
      method: route.method,
      url: `/v1${route.url}`,
      bodyLimit: route.bodyLimit,
      config: { access: route.access },
      // on request: access is checked before the body is read, so nobody may make us read an upload they may not send;
      // then the path parameters: a control character in any of them is a 400 naming it (route.ts)
      onRequest: route.url.includes(':')
        ? [guard(route.access, ctx, rules, route.alsoFor, route.customers), refuseControlCharactersInParams]
        : guard(route.access, ctx, rules, route.alsoFor, route.customers),
      handler: route.handler,
    });
  }

  // the mail worker: polls the outbox (its round also forgets Idempotency-Keys older than 48 h), and is woken as soon as a request that queued a mail has answered
  const mailer = new Mailer(deps.db, config, app.log, [appointmentReminderStep({ config }), forgetOldKeys()]);
  app.decorate('mailer', mailer);
  app.addHook('onResponse', (_req, _reply, done) => {
    wakeIfRequested();
    done();
  });
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', async () => mailer.stop());

  registerHealth(app, deps.db);
  closeConnectionsWhenClosing(app);

  const sendIndex = await serveWebApp(app, config.webDist);
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/v1/') || req.url === '/v1' || req.method !== 'GET' || !sendIndex) {
      return reply.code(404).send({ error: `No such endpoint: ${req.method} ${req.url.split('?')[0]}`, code: 'not_found' });
    }
    return sendIndex(reply);
  });
  return app;
}
