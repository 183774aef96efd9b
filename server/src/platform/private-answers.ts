import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Access } from './route.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's access rule (set by the route table), read by the hooks that care who may ask. */
    access?: Access;
  }
}

/** Does this answer depend on who asked? */
function personal(req: FastifyRequest, reply: FastifyReply, sessionCookies: readonly string[]): boolean {
  if (req.headers.authorization) return true;
  if (sessionCookies.some((name) => req.cookies?.[name])) return true;
  if (reply.hasHeader('set-cookie')) return true;
  const access = req.routeOptions.config.access;
  return access !== undefined && access !== 'public';
}

/**
 * `Cache-Control: no-store` on every answer that depends on who asks: a request with a bearer token or a
 * session cookie, an answer that sets a cookie, and any route that is not public (a customer's or staff
 * member's answers, their refusals included). No browser cache or proxy keeps a signed-in answer. An answer
 * that says how it may be kept (uploaded files, the web app, health) keeps what it says; public answers
 * asked anonymously (the cached catalogue) send what they sent before.
 */
export function noStoreWhenPersonal(app: FastifyInstance, sessionCookies: readonly string[]) {
  // a callback hook: an async one costs every answer a promise and a turn of the microtask queue
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && personal(req, reply, sessionCookies)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
