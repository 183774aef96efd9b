import { permissionName, statusBody, type ResourceContract } from '@tillbook/contract';
import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from './context.ts';
import type { DbOrTx } from './db.ts';
import { badRequest, duplicate } from './errors.ts';
import { conventionWhere, idListFilter, inArray, orderBy, paging, parseListQuery, whereAll, type ListQuery } from './list-query.ts';
import { found, idParam, parseBody, type RouteDef } from './route.ts';
import { toWire, toWireList } from './wire.ts';

type Row = Record<string, unknown>;
type Columns = Record<string, PgColumn>;

/** A plain resource: its wire contract, its table, and the few things that differ. */
export interface ResourceDefinition {
  contract: ResourceContract;
  table: PgTable;
  /** Extra `query=` modes answered by the list route (e.g. categoryWithSubcategory). */
  modes?: Record<string, (req: FastifyRequest, q: ListQuery) => Promise<unknown>>;
  /** Replaces the public list's answer (default: active rows with the list keys). */
  publicList?: (req: FastifyRequest, q: ListQuery) => Promise<unknown>;
  /** Replaces GET <path>/{id} (e.g. a role with its permissions); answer undefined for 404. */
  single?: (db: DbOrTx, id: number) => Promise<Row | undefined>;
  /** Routes this resource does not offer. */
  omit?: ('create' | 'update' | 'status')[];
  /** Runs inside the write's transaction before an update or status change; throw to refuse it. */
  beforeChange?: (tx: DbOrTx, current: Row, changes: Row) => Promise<void> | void;
}

export interface Resource {
  routes: RouteDef[];
  /** List rows with the convention, for bespoke routes that reuse the factory's query. */
  list(db: DbOrTx, q: ListQuery): Promise<{ rows: Row[]; total: number }>;
  parseQuery(raw: unknown): ListQuery;
}

const lower = (column: PgColumn) => sql`lower(${column}::text)`;

export function defineResource(ctx: AppContext, def: ResourceDefinition): Resource {
  const { contract, table } = def;
  const columns = table as unknown as Columns;
  const idColumn = columns.id!;
  const base = `/${contract.path}`;
  const rowsKey = `getAll${contract.listName}`;
  const totalKey = contract.totalKey ?? `total${contract.listName}`;
  const what = contract.label;
  const perm = (action: Parameters<typeof permissionName>[0]) => permissionName(action, contract.entity);

  // every `...Id` input field is also a list filter taking one id or a comma list
  const idFields = Object.keys(contract.input.shape).filter((name) => name.endsWith('Id') && columns[name]);
  const filterShape = Object.fromEntries(idFields.map((name) => [name, idListFilter.optional()]));
  const parseQuery = (raw: unknown) =>
    parseListQuery(raw, { modes: Object.keys(def.modes ?? {}), filters: filterShape, sortable: contract.sortable }) as ListQuery;

  async function list(db: DbOrTx, q: ListQuery) {
    const filters = q.filters as Record<string, number[] | undefined>;
    const where = whereAll([
      ...conventionWhere(q, {
        status: columns.status,
        search: contract.search.map((name) => columns[name]!).filter(Boolean),
        date: columns.createdAt,
      }),
      ...idFields.filter((name) => filters[name]).map((name) => inArray(columns[name]!, filters[name]!)),
    ]);
    const [rows, [total]] = await Promise.all([
      db.select().from(table).where(where).orderBy(...orderBy(q, table, columns.createdAt!)).$dynamic().limit(paging(q).limit ?? 1_000_000).offset(paging(q).offset ?? 0),
      db.select({ n: count() }).from(table).where(where),
    ]);
    return { rows: rows as Row[], total: total?.n ?? 0 };
  }

  async function assertUnique(db: DbOrTx, values: Row, exceptId?: number) {
    for (const rule of contract.unique ?? []) {
      const names = typeof rule === 'string' ? [rule] : [...rule];
      if (names.some((name) => values[name] === undefined || values[name] === null)) continue;
      const conditions: SQL[] = names.map((name) =>
        typeof values[name] === 'string' ? eq(lower(columns[name]!), String(values[name]).toLowerCase()) : eq(columns[name]!, values[name]),
      );
      if (exceptId !== undefined) conditions.push(ne(idColumn, exceptId));
      const [clash] = await db.select({ id: idColumn }).from(table).where(and(...conditions)).limit(1);
      if (clash) throw duplicate(what, names.at(-1)!);
    }
  }

  async function getOne(db: DbOrTx, id: number) {
    const [row] = await db.select().from(table).where(eq(idColumn, id));
    return found(row as Row | undefined, what);
  }

  /** Loads the row, lets the definition refuse the change, writes it: one transaction. */
  function change(id: number, changes: Row, check?: (tx: DbOrTx, current: Row) => Promise<void>) {
    return ctx.db.transaction(async (tx) => {
      const current = await getOne(tx, id);
      await check?.(tx, current);
      await def.beforeChange?.(tx, current, changes);
      const [row] = await tx.update(table).set(changes as never).where(eq(idColumn, id)).returning();
      return toWire(row as Row);
    });
  }

  async function create(db: DbOrTx, values: Row) {
    await assertUnique(db, values);
    const [row] = await db.insert(table).values(values as never).returning();
    return row as Row;
  }

  async function update(id: number, req: FastifyRequest) {
    const values = parseBody(contract.input.partial(), req.body) as Row;
    if (Object.keys(values).length === 0) throw badRequest('Nothing to update: send at least one field');
    return change(id, values, (tx, current) => assertUnique(tx, { ...current, ...values }, id));
  }

  const listAnswer = (result: { rows: Row[]; total: number }) => ({ [rowsKey]: toWireList(result.rows), [totalKey]: result.total });

  const omitted = new Set(def.omit ?? []);
  const routes: RouteDef[] = [
    {
      method: 'GET', url: base, access: perm('readAll'),
      handler: async (req) => {
        const q = parseQuery(req.query);
        const mode = def.modes?.[q.mode];
        if (mode) return mode(req, q);
        return listAnswer(await list(ctx.db, q));
      },
    },
    {
      method: 'GET', url: `${base}/:id`, access: perm('readSingle'),
      handler: async (req) => {
        const id = idParam(req);
        return toWire(def.single ? found(await def.single(ctx.db, id), what) : await getOne(ctx.db, id));
      },
    },
  ];
  if (!omitted.has('create')) routes.push({
      method: 'POST', url: base, access: perm('create'),
      handler: async (req, reply) => {
        const mode = (req.query as Record<string, string>).query;
        if (mode === 'createmany' && contract.createMany) {
          const items = parseBody(z.array(contract.input).min(1, 'must hold at least one item').max(500), req.body) as Row[];
          const created = await ctx.db.transaction(async (tx) => {
            const rows: Row[] = [];
            for (const [index, item] of items.entries()) {
              try {
                rows.push(await create(tx, item));
              } catch (error) {
                if (error instanceof Error && 'fields' in error && error.fields) {
                  (error as { fields: Record<string, string> }).fields = Object.fromEntries(
                    Object.entries(error.fields as Record<string, string>).map(([f, t]) => [`${index}.${f}`, t]),
                  );
                }
                throw error;
              }
            }
            return rows;
          });
          reply.code(201);
          return { count: created.length, [rowsKey]: toWireList(created) };
        }
        if (mode !== undefined && mode !== '') throw badRequest('query is not understood here', { query: 'is not understood here' });
        const values = parseBody(contract.input, req.body) as Row;
        const row = await ctx.db.transaction((tx) => create(tx, values));
        reply.code(201);
        return toWire(row);
      },
  });
  if (!omitted.has('update')) {
    routes.push({ method: 'PUT', url: `${base}/:id`, access: perm('update'), handler: (req) => update(idParam(req), req) });
  }
  if (contract.postUpdate && !omitted.has('update')) {
    routes.push({ method: 'POST', url: `${base}/:id`, access: perm('update'), handler: (req) => update(idParam(req), req) });
  }
  if (contract.deletion === 'soft' && !omitted.has('status')) {
    routes.push({
      method: 'PATCH', url: `${base}/:id`, access: perm('delete'),
      handler: async (req) => {
        const { status } = parseBody(statusBody, req.body);
        return change(idParam(req), { status: status === 'true' });
      },
    });
  } else if (contract.deletion === 'hard') {
    routes.push({
      method: 'DELETE', url: `${base}/:id`, access: perm('delete'),
      handler: async (req) => {
        const [row] = await ctx.db.delete(table).where(eq(idColumn, idParam(req))).returning();
        return toWire(found(row as Row | undefined, what));
      },
    });
  }
  if (contract.publicList) {
    routes.push({
      method: 'GET', url: `${base}/public`, access: 'public',
      handler: async (req) => {
        const q = parseQuery({ query: 'all', ...(req.query as object), status: 'true' });
        return def.publicList ? def.publicList(req, q) : listAnswer(await list(ctx.db, q));
      },
    });
  }
  return { routes, list, parseQuery };
}

