import { type AnswerOf, type BodyOf, type Endpoint, fillPath, type ListFilters, type ParamsOf, type RouteOf } from '@tillbook/contract';
import { type CallOptions, call, type Result } from './http.ts';

type NoParams<E extends Endpoint> = [keyof ParamsOf<E>] extends [never] ? true : false;
type NoBody<E extends Endpoint> = BodyOf<E> extends undefined ? true : false;

type Args<E extends Endpoint> = (NoParams<E> extends true ? { params?: undefined } : { params: ParamsOf<E> }) &
  (NoBody<E> extends true ? { body?: undefined } : { body: BodyOf<E> }) & {
    /** The list query (page, count, status, key, filters) or the endpoint's own query parameters. */
    query?: ListFilters;
  };
type Options = Pick<CallOptions, 'toast' | 'headers'>;
/** Arguments may be left out only when the endpoint needs no parameters and no body. */
type Rest<E extends Endpoint> = [NoParams<E>, NoBody<E>] extends [true, true]
  ? [args?: Args<E>, options?: Options]
  : [args: Args<E>, options?: Options];

/**
 * The one way the web calls the API: a route of the contract (`routes.<area>.<name>`), so the path,
 * the method, the body's type and the answer's type all come from the contract's endpoint. A path that
 * is not in it does not compile. The route is plain data: calling loads no schema (and no zod).
 */
export function api<E extends Endpoint>(route: RouteOf<E>, ...[args, options]: Rest<E>): Promise<Result<AnswerOf<E>>> {
  const given = (args ?? {}) as { params?: Record<string, string | number>; body?: unknown; query?: ListFilters };
  const path = fillPath(route.path, given.params);
  // a list gets the list query's defaults (page 1, count 10, status true); any other query is sent as given
  if (route.list) return call<AnswerOf<E>>(route.method, path, { ...options, body: given.body, filters: given.query ?? {} });
  const query = given.query
    ? new URLSearchParams(
        Object.entries(given.query)
          .filter(([, v]) => v !== undefined && v !== null && v !== '')
          .map(([k, v]) => [k, String(v)]),
      ).toString()
    : '';
  return call<AnswerOf<E>>(route.method, query ? `${path}?${query}` : path, { ...options, body: given.body });
}
