import type { Endpoint, FileAnswer, ListSpec, Multipart } from '@tillbook/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type KeptAnswer, keptAnswer, sendKept } from './compressed-answers.ts';
import type { AppContext } from './context.ts';
import { fromZod } from './errors.ts';
import { type ListQuery, parseListQuery } from './list-query.ts';
import { checkAnswer, presenter } from './presenter.ts';
import { idParam, parseBody, type RouteDef } from './route.ts';
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
   * The same key, when it can be told at once (else undefined): a kept answer found by it is sent with
   * no promise and no turn of the event loop, the hot path of a cached read.
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

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** `:id` and `:...Id` parameters are positive whole numbers (400 otherwise); others are text. */
type Params<P extends string> = { [K in ParamNames<P>]: K extends 'id' | `${string}Id` ? number : string };

type BodyIn<B> = B extends z.ZodType ? z.output<B> : B extends Multipart ? undefined : undefined;
type QueryIn<Q> = Q extends ListSpec ? ListQuery : Q extends z.ZodType ? z.output<Q> : undefined;

/**
 * What a handler answers before presenting: the answer's fields, where flags may still be booleans,
 * instants still Dates, and rows may carry more fields (the presenter drops them).
 */
type Raw<T> = T extends 'true' | 'false'
  ? T | boolean
  : T extends string
    ? T | Date
    : T extends (infer I)[]
      ? Raw<I>[]
      : T extends object
        ? { [K in keyof T]: Raw<T[K]> } & Record<string, unknown>
        : T;
type AnswerIn<A> = A extends z.ZodType ? Raw<z.output<A>> : A extends FileAnswer ? unknown : never;

export interface HandlerInput<E extends Endpoint> {
  params: Params<E['path']>;
  body: BodyIn<E['body']>;
  query: QueryIn<E['query']>;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<AnswerIn<E['answer']>>;

const isList = (q: unknown): q is ListSpec => !!q && typeof q === 'object' && (q as ListSpec).kind === 'list';
const isSchema = (v: unknown): v is z.ZodType => v instanceof z.ZodType;

function readParams(path: string, req: FastifyRequest): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [, name] of path.matchAll(/:([A-Za-z]+)/g)) {
    out[name!] = name === 'id' || name!.endsWith('Id') ? idParam(req, name) : String((req.params as Record<string, string>)[name!] ?? '');
  }
  return out;
}

function readQuery(spec: Endpoint['query'], raw: unknown): unknown {
  if (isList(spec)) return parseListQuery(raw, { sortable: spec.sortable, modes: spec.modes, filters: spec.filters });
  if (isSchema(spec)) {
    const result = spec.safeParse(raw ?? {});
    if (!result.success) throw fromZod(result.error, 'query');
    return result.data;
  }
  return undefined;
}

/**
 * Builds a route from its contract entry: the path, the access rule, parsing of the parameters, the
 * body and the query, the success status, and the presenter of the answer. The handler is the
 * use case's thin caller.
 */
export function implement<E extends Endpoint>(
  ctx: AppContext,
  e: E,
  handler: Handler<E>,
  options: { bodyLimit?: number; cache?: AnswerCache } = {},
): RouteDef {
  const present = isSchema(e.answer) ? presenter(e.answer) : undefined;
  const check = ctx.config.checkAnswers && isSchema(e.answer) ? e.answer : undefined;
  const where = `${e.method} ${e.path}`;
  const answer = async (req: FastifyRequest, reply: FastifyReply) => {
    const input = {
      params: readParams(e.path, req),
      body: isSchema(e.body) ? parseBody(e.body, req.body, e.labels) : undefined,
      query: readQuery(e.query, req.query),
      req,
      reply,
    } as HandlerInput<E>;
    const answered = await handler(input);
    if (!present) return answered;
    if (e.status) reply.code(e.status);
    const presented = present(answered);
    if (check) checkAnswer(check, presented, where);
    return presented;
  };
  const { cache } = options;
  if (cache && (e.method !== 'GET' || !present)) throw new Error(`${where}: only a GET with an answer schema can be cached`);
  // the finished bytes, plain and compressed (all three weigh in the cache's budget)
  const kept = cache ? new WatchedCache<string, KeptAnswer>(ctx.watch, cache.tables, { bytes: cache.bytes }) : undefined;
  // a visitor's address answered from the cache: the front door may answer it from now on (front-door.ts)
  const door =
    kept && cache?.keyNow && ctx.door ? { at: ctx.door, source: { kept, keyNow: cache.keyNow, personal: !!cache.personal } } : undefined;
  const toVisitor = (req: FastifyRequest) => {
    if (door && req.headers.authorization === undefined) door.at.remember(req.url, door.source);
  };
  const read = (req: FastifyRequest, reply: FastifyReply) => async () => keptAnswer(Buffer.from(JSON.stringify(await answer(req, reply))));
  // sends a kept answer, laid over with what is the caller's own (at once when nothing is)
  const deliver = (req: FastifyRequest, reply: FastifyReply, json: KeptAnswer): FastifyReply | Promise<FastifyReply> => {
    if (!cache!.personal) return sendKept(reply, json);
    // the answer differs by who asks: no cache between here and the browser may give one caller's to another
    reply.header('vary', 'authorization');
    const personal = cache!.personal(req, json.plain);
    // rewritten for this caller: compressed on the way out like any other answer (compressed-answers.ts)
    const send = (sent: Buffer) => (sent === json.plain ? sendKept(reply, json) : reply.type('application/json; charset=utf-8').send(sent));
    return personal instanceof Promise ? personal.then(send) : send(personal);
  };
  return {
    method: e.method,
    url: `/${e.path}`,
    access: e.access,
    customers: e.customers,
    bodyLimit: options.bodyLimit,
    handler: kept
      ? (req, reply) => {
          // a visitor's request for a kept answer: answered here and now (the handler is not async, so nothing waits)
          const now = cache!.keyNow?.(req.url);
          const hit = now === undefined ? undefined : kept.keptNow(now);
          if (hit) {
            toVisitor(req);
            const sent = deliver(req, reply, hit.answer);
            return sent instanceof Promise ? sent : undefined;
          }
          return (async () => {
            const key = await cache!.key(req);
            // a kept answer still good for its own rows needs no rows worked out (the same key names the same rows)
            const json = await (kept.kept(key) ?? kept.get(key, read(req, reply), cache!.rows ? await cache!.rows(req) : []));
            toVisitor(req);
            return deliver(req, reply, json);
          })();
        }
      : answer,
  };
}
