// What a plain resource declares to the factory (resource-factory.ts), and what the factory gives back.
import type { PermissionName, ResourceContract } from '@tillbook/contract';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from './db.ts';
import type { ListQuery } from './list-query.ts';
import type { RouteDef } from './route.ts';
import type { AccessClaims } from './tokens.ts';

type Row = Record<string, unknown>;

/** List rows with the convention (plus extra conditions). */
export type ListRows = (db: DbOrTx, q: ListQuery, extra?: SQL[]) => Promise<{ rows: Row[]; total: number }>;

/** A plain resource: its wire contract, its table, and the few things that differ. */
export interface ResourceDefinition {
  contract: ResourceContract;
  table: PgTable;
  /** Extra `query=` modes answered by the list route (e.g. categoryWithSubcategory). */
  modes?: Record<string, (req: FastifyRequest, q: ListQuery, reply: FastifyReply) => Promise<unknown>>;
  /** Replaces the public list's answer (default: active rows with the list keys, by title). */
  publicList?: (req: FastifyRequest, q: ListQuery, list: ListRows) => Promise<unknown>;
  /**
   * The tables the public list reads: its answers are then kept as finished bytes per address until one of them is
   * written (kept-route.ts), and a visitor's are answered at the HTTP server's front door.
   */
  publicKeptUntil?: readonly string[];
  /** Replaces GET <path>/{id} (e.g. a role with its permissions); answer undefined for 404. */
  single?: (db: DbOrTx, id: number) => Promise<Row | undefined>;
  /** Routes this resource does not offer. */
  omit?: ('create' | 'update' | 'status' | 'delete')[];
  /** Runs inside the write's transaction before an update or status change (`by`: the caller); throw to refuse it. */
  beforeChange?: (tx: DbOrTx, current: Row, changes: Row, by: AccessClaims) => Promise<void> | void;
  /**
   * Fills in what a create or update left to the server (e.g. a default name), inside the write's
   * transaction once the table's unique lock is held: gets the values sent (and the current row on an
   * update), answers the values to write.
   */
  prepare?: (tx: DbOrTx, values: Row, current?: Row) => Promise<Row>;
  /**
   * Runs inside a create's transaction once the row is written (e.g. to enqueue its mail); throw to
   * refuse the create. Answers fields to add to the create's answer (e.g. a message).
   */
  afterCreate?: (tx: DbOrTx, row: Row) => Promise<Row | undefined>;
  /** Checks across fields, on the whole record as it would be after a create or update; throw to refuse it. */
  validate?: (values: Row) => void;
  /**
   * Read-only values worked out for each row and answered beside its columns (in lists, single reads
   * and write answers), e.g. whether a payment method's money lands in the Cash account.
   */
  computed?: Record<string, SQL>;
  /**
   * Roles holding any of `permissions` may read the list too (anyone who may sell reads the payment methods
   * the till offers). Without the list's own permission they get only the rows `only` keeps, and no extra mode.
   */
  alsoListedFor?: { permissions: readonly PermissionName[]; only?: SQL };
  /** List filters of its own beyond the `...Id` ones: each parameter's schema and the condition it adds. */
  filters?: Record<string, { schema: z.ZodType; where: (value: never) => SQL | undefined }>;
}

export interface Resource {
  routes: RouteDef[];
  /** List rows with the convention (plus extra conditions), for bespoke routes that reuse the factory's query. */
  list: ListRows;
  parseQuery(raw: unknown): ListQuery;
}
