import { dropEmpty, idListFilter, inSentence, labelOf, permissionName, type RawQuery, statusBody } from '@tillbook/contract';
import { and, count, eq, getTableName, ne, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from './context.ts';
import type { DbOrTx } from './db.ts';
import { AppError, badRequest, duplicate, fieldError, forbidden } from './errors.ts';
import { byAddress, keptHandler } from './kept-route.ts';
import { conventionWhere, inArray, type ListQuery, orderBy, paging, parseListQuery, unpagedWithin, whereAll } from './list-query.ts';
import type { ListRows, Resource, ResourceDefinition } from './resource-definition.ts';
import { caller, found, holds, idParam, parseBody, type RouteDef } from './route.ts';
import { toWire, toWireList } from './wire.ts';

export type { ListRows, Resource, ResourceDefinition } from './resource-definition.ts';

type Row = Record<string, unknown>;
type Columns = Record<string, PgColumn>;

/** An input field that points at another table's row (a foreign key). */
interface Reference {
  field: string;
  table: PgTable;
  id: PgColumn;
}

const lower = (column: PgColumn) => sql`lower(${column}::text)`;

/** The input fields that are foreign keys of the table, with the table and column they point at. */
function referencesOf(table: PgTable, fields: string[]): Reference[] {
  const columns = table as unknown as Columns;
  const refs: Reference[] = [];
  for (const fk of getTableConfig(table).foreignKeys) {
    const { columns: local, foreignTable, foreignColumns: target } = fk.reference();
    if (local.length !== 1 || !target[0]) continue; // composite keys are left to the database
    const field = fields.find((name) => columns[name] === local[0]);
    if (field) refs.push({ field, table: foreignTable, id: target[0] });
  }
  return refs;
}

/** Gives the fields of a failed batch item its index, so the client knows which item is wrong. */
function forItem(error: unknown, index: number): unknown {
  if (!(error instanceof AppError) || !error.fields) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([name, text]) => [`${index}.${name}`, text]));
  return new AppError(error.code, `Item ${index + 1}: ${error.message}`, fields);
}

/** Only the fields the client sent: a partial update must not reset absent fields to their defaults. */
function sentFields(parsed: Row, body: unknown): Row {
  const sent = body && typeof body === 'object' && !Array.isArray(body) ? new Set(Object.keys(body)) : new Set<string>();
  return Object.fromEntries(Object.entries(parsed).filter(([name]) => sent.has(name)));
}

export function defineResource(ctx: AppContext, def: ResourceDefinition): Resource {
  const { contract, table } = def;
  const columns = table as unknown as Columns;
  const idColumn = columns.id!;
  const base = `/${contract.path}`;
  const rowsKey = `getAll${contract.listName}`;
  const totalKey = contract.totalKey ?? `total${contract.listName}`;
  const what = contract.label;
  const labels = contract.labels;
  const perm = (action: Parameters<typeof permissionName>[0]) => permissionName(action, contract.entity);
  const inputFields = Object.keys(contract.input.shape);
  const references = referencesOf(table, inputFields);
  // the answer's allow-list: the record's own columns and the contract's fields, never anything else a table holds
  const selected = {
    ...Object.fromEntries(
      ['id', 'status', 'createdAt', 'updatedAt', ...inputFields].filter((name) => columns[name]).map((name) => [name, columns[name]!]),
    ),
    ...def.computed,
  };

  // every `...Id` input field is also a list filter taking one id or a comma list
  const idFields = inputFields.filter((name) => name.endsWith('Id') && columns[name]);
  const ownFilters = def.filters ?? {};
  const filterShape = {
    ...Object.fromEntries(idFields.map((name) => [name, idListFilter.optional()])),
    ...Object.fromEntries(Object.entries(ownFilters).map(([name, f]) => [name, f.schema.optional()])),
  };
  const parseQuery = (raw: unknown) =>
    parseListQuery(raw, { modes: Object.keys(def.modes ?? {}), filters: filterShape, sortable: contract.sortable }) as ListQuery;

  const list: ListRows = async (db, q, extra = []) => {
    const filters = q.filters as Record<string, number[] | undefined>;
    const where = whereAll([
      ...conventionWhere(q, {
        status: columns.status,
        search: contract.search.map((name) => columns[name]!).filter(Boolean),
        date: columns.createdAt,
      }),
      ...idFields.filter((name) => filters[name]).map((name) => inArray(columns[name]!, filters[name]!)),
      ...Object.entries(ownFilters)
        .filter(([name]) => filters[name] !== undefined)
        .map(([name, f]) => f.where(filters[name] as never)),
      ...extra,
    ]);
    const { limit, offset } = paging(q);
    const rowsQuery = db
      .select(selected)
      .from(table)
      .where(where)
      .orderBy(...orderBy(q, table, columns.createdAt!))
      .limit(limit)
      .offset(offset);
    // an unpaged answer (all, report) reads every row it may hold from the first: its rows are its count (a count
    // would scan the search again: a customer report narrowed by a search paid twice for it)
    if (q.unpaged) {
      const rows = unpagedWithin(q, await rowsQuery) as Row[];
      return { rows, total: rows.length };
    }
    const [rows, [total]] = await Promise.all([rowsQuery, db.select({ n: count() }).from(table).where(where)]);
    return { rows: rows as Row[], total: Number(total?.n ?? 0) };
  };

  /**
   * 409 naming the field when another row holds the same value (text compared case-insensitively).
   * The database's unique constraints are case-sensitive, so writers of one table take turns (a
   * transaction-scoped advisory lock) to keep 'Red' and 'red' from both passing the check at once.
   */
  const lockUnique = (db: DbOrTx) => db.execute(sql`select pg_advisory_xact_lock(hashtext(${`unique:${getTableName(table)}`}))`);

  /** Lets the definition fill in defaults, under the unique lock so a made-up value stays unique. */
  async function prepare(db: DbOrTx, values: Row, current?: Row): Promise<Row> {
    if (!def.prepare) return values;
    if (contract.unique?.length) await lockUnique(db);
    return def.prepare(db, values, current);
  }

  async function assertUnique(db: DbOrTx, values: Row, exceptId?: number) {
    if (!contract.unique?.length) return;
    await lockUnique(db);
    for (const rule of contract.unique) {
      const names = typeof rule === 'string' ? [rule] : [...rule];
      if (names.some((name) => values[name] === undefined || values[name] === null)) continue;
      const conditions: SQL[] = names.map((name) =>
        typeof values[name] === 'string' ? eq(lower(columns[name]!), String(values[name]).toLowerCase()) : eq(columns[name]!, values[name]),
      );
      if (exceptId !== undefined) conditions.push(ne(idColumn, exceptId));
      const [clash] = await db
        .select({ id: idColumn })
        .from(table)
        .where(and(...conditions))
        .limit(1);
      if (clash) throw duplicate(what, names.at(-1)!, labels);
    }
  }

  /** 400 naming the field when an id points at no row (the foreign key would refuse it less clearly). */
  async function assertReferences(db: DbOrTx, values: Row) {
    for (const ref of references) {
      const value = values[ref.field];
      if (value === undefined || value === null) continue;
      const [row] = await db.select({ id: ref.id }).from(ref.table).where(eq(ref.id, value)).limit(1);
      if (!row) throw fieldError(ref.field, 'does not exist', labels);
    }
  }

  /** 400 naming the end of a period that ends before it starts. */
  function assertPeriods(values: Row) {
    for (const [start, end] of contract.periods ?? []) {
      const from = values[start];
      const to = values[end];
      if (typeof from === 'string' && typeof to === 'string' && to < from)
        throw fieldError(end, `must not be before the ${inSentence(labelOf(start, labels))}`, labels);
    }
  }

  async function getOne(db: DbOrTx, id: number) {
    const [row] = await db.select(selected).from(table).where(eq(idColumn, id));
    return found(row as Row | undefined, what);
  }

  /** Loads the row, lets the definition refuse the change, writes it: one transaction. */
  function change(req: FastifyRequest, id: number, sent: Row, check?: (tx: DbOrTx, current: Row) => Promise<Row>) {
    return req.db.transaction(async (tx) => {
      const current = await getOne(tx, id);
      const changes = (await check?.(tx, current)) ?? sent;
      await def.beforeChange?.(tx, current, changes, caller(req));
      const [row] = await tx
        .update(table)
        .set(changes as never)
        .where(eq(idColumn, id))
        .returning(selected);
      return toWire(row as Row);
    });
  }

  async function create(db: DbOrTx, sent: Row) {
    const values = await prepare(db, sent);
    assertPeriods(values);
    def.validate?.(values);
    await assertReferences(db, values);
    await assertUnique(db, values);
    const [row] = await db
      .insert(table)
      .values(values as never)
      .returning(selected);
    return { row: row as Row, extra: await def.afterCreate?.(db, row as Row) };
  }

  const partialInput = contract.input.partial();
  async function update(id: number, req: FastifyRequest) {
    const values = sentFields(parseBody(partialInput, req.body, labels) as Row, req.body);
    if (Object.keys(values).length === 0) throw badRequest('Nothing to update: send at least one field');
    return change(req, id, values, async (tx, current) => {
      const changes = await prepare(tx, values, current);
      assertPeriods({ ...current, ...changes });
      def.validate?.({ ...current, ...changes });
      await assertReferences(tx, changes);
      await assertUnique(tx, { ...current, ...changes }, id);
      return changes;
    });
  }

  async function createMany(req: FastifyRequest) {
    const items = parseBody(
      z.array(contract.input, { error: 'must be a list' }).min(1, 'must hold at least one item').max(500, 'must hold at most 500 items'),
      req.body,
      labels,
    ) as Row[];
    // all or nothing: one refused item rolls the whole batch back
    return req.db.transaction(async (tx) => {
      const rows: Row[] = [];
      for (const [index, item] of items.entries()) {
        try {
          rows.push((await create(tx, item)).row);
        } catch (error) {
          throw forItem(error, index);
        }
      }
      return rows;
    });
  }

  const listAnswer = (result: { rows: Row[]; total: number }) => ({ [rowsKey]: toWireList(result.rows), [totalKey]: result.total });

  const omitted = new Set(def.omit ?? []);
  const routes: RouteDef[] = [
    {
      method: 'GET',
      url: base,
      access: perm('readAll'),
      alsoFor: def.alsoListedFor?.permissions,
      handler: async (req, reply) => {
        const q = parseQuery(req.query);
        const narrowed = def.alsoListedFor !== undefined && !holds(req, perm('readAll'));
        const mode = def.modes?.[q.mode];
        if (mode && narrowed) throw forbidden(`You do not have permission to do this (${perm('readAll')})`);
        if (mode) return mode(req, q, reply);
        const only = narrowed ? def.alsoListedFor?.only : undefined;
        return listAnswer(await list(ctx.db, q, only ? [only] : []));
      },
    },
    {
      method: 'GET',
      url: `${base}/:id`,
      access: perm('readSingle'),
      handler: async (req) => {
        const id = idParam(req);
        return toWire(def.single ? found(await def.single(ctx.db, id), what) : await getOne(ctx.db, id));
      },
    },
  ];
  if (!omitted.has('create')) {
    routes.push({
      method: 'POST',
      url: base,
      access: perm('create'),
      handler: async (req, reply) => {
        const mode = dropEmpty(req.query as RawQuery).query;
        if (mode === 'createmany' && contract.createMany) {
          const created = await createMany(req);
          reply.code(201);
          return { count: created.length, [rowsKey]: toWireList(created) };
        }
        if (mode !== undefined) throw fieldError('query', contract.createMany ? "must be 'createmany' or left out" : 'must be left out');
        const values = parseBody(contract.input, req.body, labels) as Row;
        const { row, extra } = await req.db.transaction((tx) => create(tx, values));
        reply.code(201);
        return { ...toWire(row), ...extra };
      },
    });
  }
  if (!omitted.has('update')) {
    routes.push({ method: 'PUT', url: `${base}/:id`, access: perm('update'), handler: (req) => update(idParam(req), req) });
    if (contract.postUpdate)
      routes.push({ method: 'POST', url: `${base}/:id`, access: perm('update'), handler: (req) => update(idParam(req), req) });
  }
  if (contract.deletion === 'soft' && !omitted.has('status')) {
    routes.push({
      method: 'PATCH',
      url: `${base}/:id`,
      access: perm('delete'),
      handler: async (req) => {
        const id = idParam(req);
        const { status } = parseBody(statusBody, req.body);
        return change(req, id, { status: status === 'true' });
      },
    });
  } else if (contract.deletion === 'hard' && !omitted.has('delete')) {
    routes.push({
      method: 'DELETE',
      url: `${base}/:id`,
      access: perm('delete'),
      handler: async (req) => {
        const [row] = await ctx.db
          .delete(table)
          .where(eq(idColumn, idParam(req)))
          .returning(selected);
        return toWire(found(row as Row | undefined, what));
      },
    });
  }
  if (contract.publicList) {
    const publicAnswer = async (req: FastifyRequest) => {
      // the storefront sees active rows only, unpaged and by title unless it asks otherwise
      const raw = dropEmpty(req.query as RawQuery);
      const parsed = parseQuery({ ...raw, query: raw.query ?? 'all', status: 'true' });
      const q = parsed.sort ? parsed : { ...parsed, sort: contract.titleField, order: 'asc' as const };
      return def.publicList ? def.publicList(req, q, list) : listAnswer(await list(ctx.db, q));
    };
    routes.push({
      method: 'GET',
      url: `${base}/public`,
      access: 'public',
      handler: def.publicKeptUntil ? keptHandler(ctx, byAddress(def.publicKeptUntil), publicAnswer) : publicAnswer,
    });
  }
  return { routes, list, parseQuery };
}
