import {
  type Access,
  controlCharacterMessage,
  type FieldLabels,
  type Method,
  noControlCharacters,
  type PermissionName,
} from '@tillbook/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fieldError, fromZod, notFound } from './errors.ts';
import type { AccessClaims } from './tokens.ts';

export type { Access, Method };

export interface RouteDef {
  method: Method;
  /** Path under /v1, e.g. '/product-color/:id'. */
  url: string;
  access: Access;
  /** Roles holding any of these pass too (e.g. anyone who may sell reads the payment methods); `req.grants` tells the handler which. */
  alsoFor?: readonly PermissionName[];
  /** 'own': a signed-in customer passes too; the handler answers only the customer's own records. */
  customers?: 'own';
  /** Answers, or sends the answer itself and gives undefined (a cached read's synchronous hot path). */
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown> | undefined;
  /** Body size limit in bytes, for uploads. */
  bodyLimit?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the guard on every route that is not public (and on public ones when a valid token is sent). */
    auth?: AccessClaims;
    /** The signed-in staff member's role's permission names (none for a customer or an anonymous caller). */
    grants?: ReadonlySet<string>;
  }
}

/** The signed-in customer's id when the caller is a customer, else undefined (staff). */
export const customerOf = (req: FastifyRequest): number | undefined => (req.auth?.kind === 'customer' ? req.auth.id : undefined);

/** Does the caller's role hold the permission? (False for customers and anonymous callers.) */
export const holds = (req: FastifyRequest, name: PermissionName): boolean => req.grants?.has(name) === true;

/** Parses a body with its schema; a refusal names the fields by their labels (`labels`: a resource's own). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, labels?: FieldLabels): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw fromZod(result.error, undefined, labels);
  return result.data;
}

/**
 * The rule for every path parameter of every route (app.ts runs it after the guard, before any handler
 * reads one): a control character (a NUL, a line break, DEL ...) is a 400 naming the parameter. No
 * parameter is free text a person types with line breaks, and PostgreSQL text cannot hold a NUL.
 */
export function refuseControlCharactersInParams(req: FastifyRequest, _reply: unknown, done: (error?: Error) => void): void {
  // a callback hook, not an async one: no extra turn of the event loop before the handler (a request whose client has
  // gone by then is not handled, and a till's sale whose answer was lost must still be made)
  for (const [name, value] of Object.entries((req.params ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string' && !noControlCharacters(value)) {
      done(fieldError(name, controlCharacterMessage));
      return;
    }
  }
  done();
}

/** The `:id` path parameter as a positive whole number (400 otherwise). */
export function idParam(req: FastifyRequest, name = 'id'): number {
  const text = (req.params as Record<string, string>)[name];
  if (!text || !/^\d{1,9}$/.test(text) || Number(text) < 1) throw fieldError(name, 'must be a positive whole number');
  return Number(text);
}

export function found<T>(row: T | undefined, what: string): T {
  if (row === undefined || row === null) throw notFound(what);
  return row;
}

/** The signed-in caller; only used behind a guard that guarantees one. */
export function caller(req: FastifyRequest): AccessClaims {
  if (!req.auth) throw new Error('route has no guard but reads the caller');
  return req.auth;
}
