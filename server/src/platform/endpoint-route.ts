import type { Endpoint, FileAnswer, ListSpec, Multipart } from '@tillbook/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from './context.ts';
import { fromZod } from './errors.ts';
import { type AnswerCache, keptHandler } from './kept-route.ts';
import { type ListQuery, parseListQuery } from './list-query.ts';
import { checkAnswer, presenter } from './presenter.ts';
import { idParam, parseBody, type RouteDef } from './route.ts';

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
  return {
    method: e.method,
    url: `/${e.path}`,
    access: e.access,
    customers: e.customers,
    bodyLimit: options.bodyLimit,
    handler: cache ? keptHandler(ctx, cache, answer) : answer,
  };
}
