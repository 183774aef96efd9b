import type { z } from 'zod';
import type { FieldLabels } from './labels.ts';
import type { PermissionName } from './permissions.ts';

/**
 * Who may call an endpoint: anyone ('public'), any signed-in staff member ('staff'), any signed-in
 * customer ('customer'), or staff whose role holds the named permission.
 */
export type Access = 'public' | 'staff' | 'customer' | PermissionName;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A list endpoint's own part of the list-query convention (beyond page, count, status, key, dates). */
export interface ListSpec {
  kind: 'list';
  /** Columns the list may be sorted by. */
  sortable?: readonly string[];
  /** Extra values of `query` it understands (beyond all, search, report). */
  modes?: readonly string[];
  /** Its own filters, validated with the rest. */
  filters?: z.ZodRawShape;
}

export const listQuery = (spec: Omit<ListSpec, 'kind'> = {}): ListSpec => ({ kind: 'list', ...spec });

/** The body is form data (files and text fields), read by the handler itself. */
export const multipart = { kind: 'multipart' } as const;
export type Multipart = typeof multipart;

/** The answer is a file or a text download, not JSON. */
export const fileAnswer = { kind: 'file' } as const;
export type FileAnswer = typeof fileAnswer;

/**
 * One API call: the single description the server builds its route from and the web's typed client
 * calls. `path` is relative to the API base, with `:name` parameters ('adjust-inventory/:id').
 * `answer` is the allow-list of what the server sends: its presenter sends these fields and no other.
 */
export interface Endpoint {
  method: Method;
  path: string;
  access: Access;
  /**
   * 'own': a signed-in customer may call it too, and is answered only their own records (the handler
   * scopes by the token's customer); staff still need `access`.
   */
  customers?: 'own';
  body?: z.ZodType | Multipart;
  /** How this endpoint's screens label its body's fields, where they differ from the shared labels (messages use them). */
  labels?: FieldLabels;
  query?: z.ZodType | ListSpec;
  answer: z.ZodType | FileAnswer;
  /** The HTTP status of success (default 200). */
  status?: 200 | 201;
}

export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** `'a/:id/b/:code'` → `'id' | 'code'` */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type ParamsOf<E extends Endpoint> = { [K in ParamNames<E['path']>]: string | number };
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType
  ? z.input<E['body']>
  : E['body'] extends Multipart
    ? FormData
    : undefined;
export type AnswerOf<E extends Endpoint> = E['answer'] extends z.ZodType ? z.output<E['answer']> : Blob;

/** Fills the `:name` parameters of a path. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}
