import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { executePrepared } from '../../platform/prepared.ts';
import type { PostingStatement } from '../accounting/index.ts';

/** The header's figures as stored (money as numbers with two decimals). */
export interface SaleHeaderRow {
  date: string;
  customerId: number;
  userId: number;
  totalAmount: number;
  totalTaxAmount: number;
  totalDiscountAmount: number;
  profit: number;
  /** Left out (undefined) when rewriting a held sale: its note stays. */
  note: string | null | undefined;
}

/** One line as stored. */
export interface SaleLineRow {
  productId: number;
  productQuantity: number;
  productUnitSalePrice: number;
  productDiscount: number;
  productFinalAmount: number;
  tax: number;
  taxAmount: number;
  unitCost: number;
}

/** What the database gave the rows written: the header's creation time and note, the lines' ids in the order given. */
export interface WrittenSale {
  createdAt: Date;
  updatedAt: Date;
  note: string | null;
  lineIds: number[];
}

/**
 * A sale's header and its lines in ONE statement: `insert` writes a new header under the id given
 * (reserved from the table's sequence) in `state`; `replace` rewrites an existing header's figures
 * (its state is moved by the lifecycle, not here) and replaces its lines. `books`, the sale's postings
 * as `post` writes them, go in the same statement.
 */
export async function writeSaleRows(
  tx: DbOrTx,
  invoiceId: number,
  how: { insert: 'completed' | 'held' } | 'replace',
  header: SaleHeaderRow,
  lines: readonly SaleLineRow[],
  books: PostingStatement | null = null,
): Promise<WrittenSale> {
  const h = header;
  const head =
    how === 'replace'
      ? sql`h as (update sale_invoice set date = ${h.date}::date, customer_id = ${h.customerId}, user_id = ${h.userId},
          total_amount = ${h.totalAmount}, total_tax_amount = ${h.totalTaxAmount}, total_discount_amount = ${h.totalDiscountAmount},
          profit = ${h.profit}, note = ${h.note === undefined ? sql`note` : sql`${h.note}`}, updated_at = now()
          where id = ${invoiceId} returning id, created_at, updated_at, note),
        gone as (delete from sale_invoice_product where invoice_id = ${invoiceId}),`
      : sql`h as (insert into sale_invoice (id, date, state, customer_id, user_id, total_amount, total_tax_amount,
            total_discount_amount, profit, note)
          overriding system value
          values (${invoiceId}, ${h.date}::date, ${how.insert}, ${h.customerId}, ${h.userId}, ${h.totalAmount}, ${h.totalTaxAmount},
            ${h.totalDiscountAmount}, ${h.profit}, ${h.note ?? null})
          returning id, created_at, updated_at, note),`;
  const input = JSON.stringify(lines.map((l, n) => ({ n, ...l })));
  const [row] = await executePrepared<{
    posted: number;
    created_ms: number | string;
    updated_ms: number | string;
    note: string | null;
    line_ids: number[] | null;
  }>(
    tx,
    sql`
    with ${head}
    li as (
      insert into sale_invoice_product (invoice_id, product_id, product_quantity, product_unit_sale_price, product_discount,
        product_final_amount, tax, tax_amount, unit_cost)
      select h.id, l."productId", l."productQuantity", l."productUnitSalePrice", l."productDiscount", l."productFinalAmount",
        l.tax, l."taxAmount", l."unitCost"
      from h, jsonb_to_recordset(${input}::jsonb) as l(n int, "productId" int, "productQuantity" int, "productUnitSalePrice" numeric,
        "productDiscount" numeric, "productFinalAmount" numeric, tax numeric, "taxAmount" numeric, "unitCost" numeric)
      order by l.n
      returning id)${books ? sql`, posted as (${books.sql})` : sql``}
    select ${books ? sql`(select count(*)::int from posted)` : sql`0`} as posted, floor(extract(epoch from h.created_at) * 1000)::float8 as created_ms,
      floor(extract(epoch from h.updated_at) * 1000)::float8 as updated_ms, h.note, (select json_agg(li.id order by li.id) from li) as line_ids from h`,
  );
  if (!row) throw new Error(`sale invoice ${invoiceId} was not written`);
  books?.check(Number(row.posted));
  return {
    createdAt: new Date(Number(row.created_ms)),
    updatedAt: new Date(Number(row.updated_ms)),
    note: row.note,
    lineIds: (row.line_ids ?? []).map(Number),
  };
}
