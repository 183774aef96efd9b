import { and, asc, count, eq, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import { containsPattern, type ListQuery, paging } from '../../platform/list-query.ts';
import { product, productBrand, productSearch, productSubCategory, productVat } from '../../schema/index.ts';
import { productRowSelect, productView } from './product-detail.ts';

/**
 * How far a search walks down the newest-first index for its page: this many products per row the page
 * needs (so a key that at least 1 % of the newest products hold finds its page there), at most `walkMost`.
 */
const walkPerRow = 100;
const walkMost = 10_000;

/** A value of the statement: the value itself, or a placeholder filled when a prepared statement runs. */
type Value<T> = T | Placeholder;

interface Parts {
  /** The conditions on `product` (the list's whole where). */
  where: SQL | undefined;
  /** With only the status and the key asked: the same conditions on `product_search`, where the matches are read and counted. */
  narrow: SQL | undefined;
  direction: 'asc' | 'desc';
  /** Whether the newest products on sale are walked first (a search among the products on sale). */
  walks: boolean;
  key: Value<string>;
  needed: Value<number>;
  walkLength: Value<number>;
  limit: Value<number>;
  offset: Value<number>;
  /** The page's size less one: a page holding 1 to this many rows holds the last match. */
  lastBelow: Value<number>;
}

/**
 * `query=search&key=` without a sort (the till's finder and scanner, the product list's search box):
 * the page and the number of matches in one statement, at a cost that follows the number of matches
 * whatever the key.
 *
 * - The product whose SKU is exactly the key comes first (what a scanner types): the till adds that
 *   one at once, so it must be on the first page however many other SKUs or names hold the key.
 * - The others newest first. A common key ("Mug") finds its page among the newest products, walking
 *   the newest-first index a bounded way (`recent`); a rare one, or one held only by old products
 *   (a SKU's prefix), does not, and its matches are read by the trigram index and sorted (`matches`).
 *   PostgreSQL reads `matches` only when the walk fell short: a branch whose condition is false at
 *   the start is never run, nor a `case` branch not taken.
 * - The total: the page's own count when the page is neither empty nor full (it holds the last
 *   match); else the matches counted, from `matches` when it was read, else by the trigram index.
 * - A search that asks only the status and the key (the till's) reads its matches and counts them in
 *   `product_search`, the narrow copy of the searched text (a third of the pages to visit).
 *
 * The walk is taken only for the products on sale (the newest-first index holds those, and is read
 * backwards for oldest first); any other status reads `matches`.
 */
function searchStatement(db: DbOrTx, p: Parts) {
  const direction = sql.raw(p.direction);
  const inOrder = [sql`${product.createdAt} ${direction}`, sql`${product.id} ${direction}`];
  const matchFields = { id: product.id, createdAt: product.createdAt, rank: sql<number>`"rank"`.as('rank') };
  const matches = db.$with('matches', matchFields).as(
    p.narrow
      ? sql`${db
          .select({
            id: sql<number>`${productSearch.productId}`.as('id'),
            createdAt: productSearch.createdAt,
            rank: sql<number>`case when ${productSearch.productId} = (select ${product.id} from ${product} where ${product.sku} = ${p.key}) then 0 else 1 end`.as(
              'rank',
            ),
          })
          .from(productSearch)
          .where(p.narrow)}`
      : sql`${db
          .select({
            id: product.id,
            createdAt: product.createdAt,
            rank: sql<number>`case when ${product.sku} = ${p.key} then 0 else 1 end`.as('rank'),
          })
          .from(product)
          .where(p.where)}`,
  );
  // the first products on sale in the list's order (the newest, unless oldest first was asked for),
  // named as the table so that the list's conditions apply to them
  const newest = sql`(select * from ${product} where ${product.status} order by ${sql.join(inOrder, sql`, `)} limit ${p.walkLength}) as ${product}`;
  const recent = db.$with('recent').as(
    db
      .select({ id: sql<number>`${product.id}`.as('id'), createdAt: sql<Date>`${product.createdAt}`.as('created_at') })
      .from(newest)
      .where(and(p.where, ne(product.sku, p.key)))
      .orderBy(...inOrder)
      .limit(p.needed),
  );
  const walked = sql`(select count(*) from ${recent}) = ${p.needed}`;
  const exact = db
    .select({ id: product.id, createdAt: product.createdAt, rank: sql<number>`0`.as('rank') })
    .from(product)
    .where(and(p.where, eq(product.sku, p.key)));
  const fromMatches = sql`select "id", "created_at", "rank" from ${matches}`;
  const hitsOrder = sql`order by "rank", "created_at" ${direction}, "id" ${direction} limit ${p.limit} offset ${p.offset}`;
  const hits = db.$with('hits', matchFields).as(
    p.walks
      ? sql`(select * from (${exact} union all select "id", "created_at", 1 from ${recent}) as walked where ${walked})
          union all (${fromMatches} where not ${walked}) ${hitsOrder}`
      : sql`${fromMatches} ${hitsOrder}`,
  );
  const onPage = sql`(select count(*) from ${hits})`;
  const everyMatch = sql`(select count(*) from ${matches})`;
  const allCounted = p.narrow
    ? db.select({ n: count() }).from(productSearch).where(p.narrow)
    : db.select({ n: count() }).from(product).where(p.where);
  const counted = p.walks ? sql`case when ${walked} then (${allCounted}) else ${everyMatch} end` : everyMatch;
  const total = sql<number>`case when ${onPage} between 1 and ${p.lastBelow} then ${p.offset} + ${onPage} else ${counted} end`.mapWith(
    Number,
  );
  // a variant whose SKU or barcode the key is (a scan, issue 32): looked up once for the statement, beside its rows
  const scannedVariant = sql<{ id: number; productId: number } | null>`(select json_build_object('id', v.id, 'productId', v.product_id)
    from product_variant v where v.sku = ${p.key} or v.barcode = ${p.key} limit 1)`;
  return db
    .with(matches, ...(p.walks ? [recent] : []), hits)
    .select({ ...productRowSelect, total, scannedVariant })
    .from(product)
    .innerJoin(hits, eq(hits.id, product.id))
    .leftJoin(productSubCategory, eq(productSubCategory.id, product.productSubCategoryId))
    .leftJoin(productBrand, eq(productBrand.id, product.productBrandId))
    .leftJoin(productVat, eq(productVat.id, product.productVatId))
    .orderBy(asc(hits.rank), sql`${hits.createdAt} ${direction}`, sql`${hits.id} ${direction}`);
}

type Prepared = ReturnType<ReturnType<typeof searchStatement>['prepare']>;

/**
 * The key-only searches' statements, prepared once per database and shape (order, status asked, walk):
 * PostgreSQL parses each once per connection and, once it finds a generic plan as good, stops planning
 * it; and the statement is not built again for every key.
 */
const preparedSearches = new WeakMap<DbOrTx, Map<string, Prepared>>();
let preparedNames = 0;

function keyOnlyStatement(db: DbOrTx, direction: 'asc' | 'desc', status: boolean | undefined, walks: boolean): Prepared {
  const shape = `${direction}/${status === undefined ? 'any' : 'one'}/${walks}`;
  let byShape = preparedSearches.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedSearches.set(db, byShape);
  }
  let prepared = byShape.get(shape);
  if (!prepared) {
    const pattern = sql.placeholder('pattern');
    const asked = (column: PgColumn) => (status === undefined ? undefined : eq(column, sql.placeholder('status')));
    prepared = searchStatement(db, {
      where: and(asked(product.status), sql`${product.search} like lower(${pattern})`),
      narrow: and(asked(productSearch.status), sql`${productSearch.search} like lower(${pattern})`),
      direction,
      walks,
      key: sql.placeholder('key'),
      needed: sql.placeholder('needed'),
      walkLength: sql.placeholder('walkLength'),
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
      lastBelow: sql.placeholder('lastBelow'),
    }).prepare(`till_search_${++preparedNames}`);
    byShape.set(shape, prepared);
  }
  return prepared;
}

/**
 * The page of a search without a sort, and the number of matches when the page tells it (undefined
 * when the page is empty). `keyOnly`: the search asks nothing but the status and the key (it is then
 * a prepared statement reading `product_search`); else `where` holds the list's conditions.
 */
export async function searchRows(db: DbOrTx, q: ListQuery<unknown>, where: SQL | undefined, key: string, keyOnly: boolean) {
  const direction = q.order === 'asc' ? 'asc' : 'desc';
  const { offset } = paging(q);
  const limit = q.count;
  const needed = offset + limit;
  const walks = q.statuses?.length === 1 && q.statuses[0] === true;
  const values = { key, needed, walkLength: Math.min(walkMost, needed * walkPerRow), limit, offset, lastBelow: limit - 1 };
  const status = q.statuses?.length === 1 ? q.statuses[0] : undefined;
  const rows = keyOnly
    ? await keyOnlyStatement(db, direction, status, walks).execute({ ...values, pattern: containsPattern(key), status })
    : await searchStatement(db, { where, narrow: undefined, direction, walks, ...values });
  const scanned = rows[0]?.scannedVariant;
  return {
    rows: rows.map(productView),
    total: rows[0]?.total,
    scanned: scanned ? { id: Number(scanned.id), productId: Number(scanned.productId) } : undefined,
  };
}
