import type { FastifyReply, FastifyRequest } from 'fastify';
import { type KeptAnswer, keptAnswer, sendKept } from './compressed-answers.ts';
import type { AppContext } from './context.ts';
import { WatchedCache } from './watched-cache.ts';

/**
 * A read answered from memory: the presented JSON is kept per `key` (which must name everything the
 * answer depends on, e.g. the URL and the business day) until one of `tables` is written, as finished
 * bytes, plain and compressed (compressed-answers.ts), sent as the request accepts them.
 */
export interface AnswerCache {
  tables: readonly string[];
  key: (req: FastifyRequest) => string | Promise<string>;
  /**
   * The same key from the request's address, when it can be told at once (else undefined): a kept answer found by
   * it is sent with no promise and no turn of the event loop, the hot path of a cached read, and the HTTP server's
   * front door may answer the address itself (front-door.ts).
   */
  keyNow?: (url: string) => string | undefined;
  /** The answers' byte budget (the cache's default when not given). */
  bytes?: number;
  /** The rows (`rowKey`s) the answer to `req` is about, known before it is read: a write marked for one drops it too. */
  rows?: (req: FastifyRequest) => readonly string[] | Promise<readonly string[]>;
  /**
   * What differs by caller, laid over the kept answer on the way out (never kept): the kept answer is
   * the same for everyone, this answers the bytes `req` gets (the kept ones when nothing differs).
   */
  personal?: (req: FastifyRequest, kept: Buffer) => Buffer | Promise<Buffer>;
}

/** A kept answer per address, for answers that depend on nothing but the address (and the tables read). */
export const byAddress = (tables: readonly string[]): AnswerCache => ({ tables, key: (req) => req.url, keyNow: (url) => url });

/** The route handler of a GET whose answer (`answer`: the presented JSON) is kept as `cache` says. */
export function keptHandler(
  ctx: AppContext,
  cache: AnswerCache,
  answer: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): (req: FastifyRequest, reply: FastifyReply) => Promise<unknown> | undefined {
  // the finished bytes, plain and compressed (all three weigh in the cache's budget)
  const kept = new WatchedCache<string, KeptAnswer>(ctx.watch, cache.tables, { bytes: cache.bytes });
  // a visitor's address answered from the cache: the front door may answer it from now on (front-door.ts)
  const door = cache.keyNow && ctx.door ? { at: ctx.door, source: { kept, keyNow: cache.keyNow, personal: !!cache.personal } } : undefined;
  const toVisitor = (req: FastifyRequest) => {
    if (door && req.headers.authorization === undefined) door.at.remember(req.url, door.source);
  };
  const read = (req: FastifyRequest, reply: FastifyReply) => async () => keptAnswer(Buffer.from(JSON.stringify(await answer(req, reply))));
  // sends a kept answer, laid over with what is the caller's own (at once when nothing is)
  const deliver = (req: FastifyRequest, reply: FastifyReply, json: KeptAnswer): FastifyReply | Promise<FastifyReply> => {
    if (!cache.personal) return sendKept(reply, json);
    // the answer differs by who asks: no cache between here and the browser may give one caller's to another
    reply.header('vary', 'authorization');
    const personal = cache.personal(req, json.plain);
    // rewritten for this caller: compressed on the way out like any other answer (compressed-answers.ts)
    const send = (sent: Buffer) => (sent === json.plain ? sendKept(reply, json) : reply.type('application/json; charset=utf-8').send(sent));
    return personal instanceof Promise ? personal.then(send) : send(personal);
  };
  return (req, reply) => {
    // a visitor's request for a kept answer: answered here and now (the handler is not async, so nothing waits)
    const now = cache.keyNow?.(req.url);
    const hit = now === undefined ? undefined : kept.keptNow(now);
    if (hit) {
      toVisitor(req);
      const sent = deliver(req, reply, hit.answer);
      return sent instanceof Promise ? sent : undefined;
    }
    return (async () => {
      const key = await cache.key(req);
      // a kept answer still good for its own rows needs no rows worked out (the same key names the same rows)
      const json = await (kept.kept(key) ?? kept.get(key, read(req, reply), cache.rows ? await cache.rows(req) : []));
      toVisitor(req);
      return deliver(req, reply, json);
    })();
  };
}
