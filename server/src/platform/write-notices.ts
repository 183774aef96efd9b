import type pg from 'pg';

/**
 * How PostgreSQL tells every server process of every committed write to the tables its caches watch,
 * whoever made it (another server, a psql session): statement-level AFTER triggers call
 * `pg_notify(writesChannel, payload)`, the payload being what the SQL watch touches (sql-watch.ts):
 * table names and row keys separated by spaces. A notification sent inside a transaction is delivered
 * at its commit (never for a rollback), and identical payloads of one transaction are delivered once.
 *
 * Two tables are announced by rows, so that a selling shop keeps its catalogue's answers:
 * - `product`: an UPDATE that changes nothing but `product_quantity` (a stock move, by any process) is
 *   announced as `product_stock` and the moved products' keys (`product#12`), as the stock room's own
 *   writes are counted in the process that makes them; one that changes nothing but the price
 *   (`productPriceColumns`) as `product_price` and its keys; over {@link maxRowKeys} rows, or any other
 *   change (a name from psql), as `product` (and `product_stock` when quantities moved too).
 * - `review_rating`: its writes also name their products' rows (a product's average rating changes);
 *   `product_variant` likewise (a variant's price, stock or status is on its product's page).
 *
 * Installed from code at every start (no migration), idempotent, under a transaction-scoped advisory
 * lock so that servers starting at once take turns: the functions are replaced, a table's triggers are
 * created only when they are missing (creating one locks the table against writes for a moment).
 */
export const writesChannel = 'tillbook_writes';

/** Over this many rows, a write is announced by its table (a notification's payload is at most 8000 bytes). */
export const maxRowKeys = 100;

/**
 * The product's columns a price change writes (with `updated_at`): a write changing nothing else is announced as
 * `product_price` and its rows, as the catalogue's own price changes are counted in the process that makes them
 * (update-product.ts). The shopper's answers about those products go; a list ordered or filtered by price goes
 * too (it watches `product_price` itself); every other kept answer stays.
 */
export const productPriceColumns = ['product_sale_price', 'product_vat_id', 'discount_id', 'updated_at'] as const;
const priceChanged = `row(${productPriceColumns.map((c) => `o.${c}`).join(', ')}) is distinct from row(${productPriceColumns.map((c) => `n.${c}`).join(', ')})`;

const functionsWith = (otherColumns: string) => `
create or replace function tillbook_write_notice() returns trigger language plpgsql as $$
begin
  -- the table, and any further names the trigger was given (a table whose rows it changes)
  perform pg_notify('${writesChannel}', array_to_string(array[tg_table_name::text] || tg_argv, ' '));
  return null;
end $$;

create or replace function tillbook_product_update_notice() returns trigger language plpgsql as $$
declare
  joined bigint;
  moved bigint;
  priced bigint;
  other boolean;
  keys text;
begin
  select count(*), count(*) filter (where o.product_quantity is distinct from n.product_quantity),
      count(*) filter (where ${priceChanged}),
      coalesce(bool_or(${otherColumns}), false)
    into joined, moved, priced, other
    from old_rows o join new_rows n on n.id = o.id;
  if other or joined <> (select count(*) from old_rows) or moved > ${maxRowKeys} or priced > ${maxRowKeys} then
    perform pg_notify('${writesChannel}', case when moved > 0 then 'product product_stock' else 'product' end);
    return null;
  end if;
  if moved > 0 then
    select string_agg('product#' || o.id, ' ' order by o.id) into keys
      from old_rows o join new_rows n on n.id = o.id
      where o.product_quantity is distinct from n.product_quantity;
    perform pg_notify('${writesChannel}', 'product_stock ' || keys);
  end if;
  if priced > 0 then
    select string_agg('product#' || o.id, ' ' order by o.id) into keys
      from old_rows o join new_rows n on n.id = o.id
      where ${priceChanged};
    perform pg_notify('${writesChannel}', 'product_price ' || keys);
  end if;
  return null;
end $$;

-- tg_argv[0]: the table whose rows change (product), tg_argv[1]: the column naming them (product_id)
create or replace function tillbook_rows_notice() returns trigger language plpgsql as $$
declare
  source text := case tg_op when 'INSERT' then 'new_rows' when 'DELETE' then 'old_rows'
    else '(select * from old_rows union all select * from new_rows)' end;
  how_many bigint;
  keys text;
begin
  execute format('select count(distinct r.%1$I), string_agg(distinct %2$L || r.%1$I, '' '') from %3$s r',
      tg_argv[1], tg_argv[0] || '#', source)
    into how_many, keys;
  perform pg_notify('${writesChannel}', tg_table_name || case when how_many > ${maxRowKeys} then ' ' || tg_argv[0]
    when how_many > 0 then ' ' || keys else '' end);
  return null;
end $$;
`;

/**
 * Whether a product row changed in anything but `product_quantity` and its price (`productPriceColumns`), as SQL over the rows `o` and `n`: each
 * other column compared as text (every type has one; not every type has an equality), the columns read
 * from the catalogue when the functions are installed (every start, after the migrations). Comparing
 * `to_jsonb` of the whole rows cost a sale's stock move most of its statement (issue 30: 4.7 of 7.0 ms,
 * measured with EXPLAIN ANALYZE under load).
 */
async function productOtherColumns(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(attname) as name from pg_attribute where attrelid = to_regclass('public.product') and attnum > 0 and not attisdropped
      and attname <> 'product_quantity' and not (attname = any($1::text[])) order by attnum`,
    [productPriceColumns],
  );
  if (!rows.length) return 'false';
  const column = (side: string) => rows.map((r) => `${side}.${r.name}::text`).join(', ');
  return `row(${column('o')}) is distinct from row(${column('n')})`;
}

const identifier = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a table name: ${name}`);
  return `"${name}"`;
};

const trigger = (name: string, when: string, table: string, rest: string) =>
  `create or replace trigger ${name} after ${when} on ${identifier(table)} ${rest};`;

/** Tables whose writes change rows of a watched table, and the column that names them. */
const rowSources: { table: string; rowsOf: string; column: string }[] = [
  { table: 'review_rating', rowsOf: 'product', column: 'product_id' },
  // a variant's price, codes, status or stock is its product's page (issue 32)
  { table: 'product_variant', rowsOf: 'product', column: 'product_id' },
];

/** The triggers announcing a table's writes. */
function triggersOf(table: string): string[] {
  const source = rowSources.find((s) => s.table === table);
  if (table === 'product') {
    return [
      trigger(
        'tillbook_write_notice',
        'insert or delete or truncate',
        table,
        'for each statement execute function tillbook_write_notice()',
      ),
      trigger(
        'tillbook_write_notice_update',
        'update',
        table,
        'referencing old table as old_rows new table as new_rows for each statement execute function tillbook_product_update_notice()',
      ),
    ];
  }
  if (source) {
    const rows = `for each statement execute function tillbook_rows_notice('${source.rowsOf}', '${source.column}')`;
    return [
      trigger('tillbook_write_notice', 'truncate', table, `for each statement execute function tillbook_write_notice('${source.rowsOf}')`),
      trigger('tillbook_write_notice_insert', 'insert', table, `referencing new table as new_rows ${rows}`),
      trigger('tillbook_write_notice_update', 'update', table, `referencing old table as old_rows new table as new_rows ${rows}`),
      trigger('tillbook_write_notice_delete', 'delete', table, `referencing old table as old_rows ${rows}`),
    ];
  }
  return [
    trigger(
      'tillbook_write_notice',
      'insert or update or delete or truncate',
      table,
      'for each statement execute function tillbook_write_notice()',
    ),
  ];
}

/** The watched tables with the tables announcing rows of them. */
const withSources = (tables: readonly string[]) => [
  ...new Set([...tables, ...rowSources.filter((s) => tables.includes(s.rowsOf)).map((s) => s.table)]),
];

/**
 * Makes sure every one of `tables` that exists announces its writes (names that are not tables, such as
 * `product_stock`, are passed over), on a client of its own, in one transaction.
 */
export async function installWriteNotices(client: pg.Client, tables: readonly string[]): Promise<void> {
  const wanted = withSources(tables);
  await client.query('begin');
  try {
    await client.query(`select pg_advisory_xact_lock(hashtext('tillbook write notices'))`);
    await client.query(functionsWith(await productOtherColumns(client)));
    const { rows } = await client.query<{ name: string; present: boolean }>(
      `select w.name, exists (select 1 from pg_trigger t where t.tgrelid = to_regclass(format('public.%I', w.name))
          and t.tgname = 'tillbook_write_notice') as present
        from unnest($1::text[]) as w(name) where to_regclass(format('public.%I', w.name)) is not null`,
      [wanted],
    );
    const missing = rows.filter((r) => !r.present).map((r) => r.name);
    if (missing.length) await client.query(missing.flatMap(triggersOf).join('\n'));
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}
