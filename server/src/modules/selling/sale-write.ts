import type { SaleOrderStatus } from '@tillbook/contract';
import { type SQL, sql } from 'drizzle-orm';
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
  /** The discount on the whole sale (before VAT), shared over the lines. */
  saleDiscount: number;
  profit: number;
  /** Left out (undefined) when rewriting a held sale: its note stays. */
  note: string | null | undefined;
  /** What the sale's postings leave paid and due (zero for a held sale): the kept figures, see keepInvoiceFigures. */
  paidAmount: number;
  dueAmount: number;
  orderStatus: SaleOrderStatus;
  /** The till session it is sold in (issue 31), or null. */
  tillSessionId: number | null;
  /** From a till's queue (issue 33): its receipt reference, the device's time it was sold at, and whether it came after the close. */
  queued: { receiptReference: string | null; soldAt: string | null; late: boolean };
  /** The reference's fields (3.3); like the note, left out (undefined) when rewriting a held sale keeps them. */
  extra: SaleExtraFields;
}

/** The reference's optional sale fields, as sent. */
export interface SaleExtraFields {
  invoiceMemoNo?: string | null;
  dueDate?: string | null;
  termsAndConditions?: string | null;
  address?: string | null;
}

/** One line as stored. */
export interface SaleLineRow {
  productId: number;
  productVariantId: number | null;
  productQuantity: number;
  productUnitSalePrice: number;
  productDiscount: number;
  /** The line's share of the sale's discount. */
  saleDiscount: number;
  productFinalAmount: number;
  tax: number;
  taxAmount: number;
  unitCost: number;
  /** Sold while its stock went below zero (issue 33). */
  oversold: boolean;
}

/** What the database gave the rows written: the header's creation time, note, number and reference fields, the lines' ids in the order given. */
export interface WrittenSale {
  createdAt: Date;
  updatedAt: Date;
  note: string | null;
  extra: Required<SaleExtraFields>;
  /** Always null: a completed sale takes its number at its commit (see {@link numberAtCommit}); a held one has none. */
  number: number | null;
  lineIds: number[];
}

/** A rewritten held sale keeps a field the body left out. */
const keptOr = (column: string, value: string | null | undefined, cast = ''): SQL =>
  value === undefined ? sql.raw(column) : sql`${value}${sql.raw(cast)}`;
const written = sql`returning id, created_at, updated_at, note, invoice_memo_no, to_char(due_date, 'YYYY-MM-DD') as due_date, terms_and_conditions, address, number`;

/**
 * What a sale that completes writes in its `number`: minus its id, a placeholder (unique, never a number).
 * The deferred trigger of migration 0028 (`sale_number_at_commit`), run inside the COMMIT, takes the
 * series' next number in its place and puts it in the postings' particulars (`numberMark`): the series'
 * lock is held for the commit only, and a sale rolled back takes no number. The number is read after
 * the commit (`committedNumber`).
 */
export const numberAtCommit = (invoiceId: number) => -invoiceId;

/**
 * The created sale's answer with the invoice number its commit took (one read, after the commit; an
 * Idempotency-Key's replay reads it too, as the kept answer was made before the commit).
 */
export async function committedNumber<T extends { invoice: { id: number; state: string; number: number | null } }>(
  db: DbOrTx,
  created: T,
): Promise<T> {
  if (created.invoice.state !== 'completed' || created.invoice.number !== null) return created;
  const [row] = await executePrepared<{ number: number | null }>(db, sql`select number from sale_invoice where id = ${created.invoice.id}`);
  return { ...created, invoice: { ...created.invoice, number: row?.number == null ? null : Number(row.number) } };
}

/**
 * A sale's header and its lines in ONE statement: `insert` writes a new header under the id given
 * (reserved from the table's sequence) in `state`; `replace` rewrites an existing header's figures
 * (its state is moved by the lifecycle, not here) and replaces its lines. `books`, the sale's postings
 * as `post` writes them, go in the same statement. A sale that completes here (a new completed one, or
 * a held one replaced) is marked to take its invoice number at its commit ({@link numberAtCommit}).
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
  const numbered = how === 'replace' || how.insert === 'completed';
  const number = numbered ? sql`${numberAtCommit(invoiceId)}::int` : sql`null::int`;
  const head =
    how === 'replace'
      ? sql`h as (update sale_invoice set date = ${h.date}::date, customer_id = ${h.customerId}, user_id = ${h.userId},
          total_amount = ${h.totalAmount}, total_tax_amount = ${h.totalTaxAmount}, total_discount_amount = ${h.totalDiscountAmount},
          sale_discount = ${h.saleDiscount}, profit = ${h.profit}, note = ${keptOr('note', h.note)}, paid_amount = ${h.paidAmount}, due_amount = ${h.dueAmount},
          order_status = ${h.orderStatus}, invoice_memo_no = ${keptOr('invoice_memo_no', h.extra.invoiceMemoNo)},
          due_date = ${keptOr('due_date', h.extra.dueDate, '::date')},
          terms_and_conditions = ${keptOr('terms_and_conditions', h.extra.termsAndConditions)},
          address = ${keptOr('address', h.extra.address)}, number = ${number}, till_session_id = ${h.tillSessionId}::int,
          receipt_reference = coalesce(${h.queued.receiptReference}::text, receipt_reference), sold_at = coalesce(${h.queued.soldAt}::timestamptz, sold_at),
          late = ${h.queued.late}, updated_at = now()
          where id = ${invoiceId} ${written}),
        gone as (delete from sale_invoice_product where invoice_id = ${invoiceId}),`
      : sql`h as (insert into sale_invoice (id, date, state, customer_id, user_id, total_amount, total_tax_amount,
            total_discount_amount, sale_discount, profit, note, paid_amount, due_amount, order_status, invoice_memo_no, due_date,
            terms_and_conditions, address, number, till_session_id, receipt_reference, sold_at, late)
          overriding system value
          values (${invoiceId}, ${h.date}::date, ${how.insert}, ${h.customerId}, ${h.userId}, ${h.totalAmount}, ${h.totalTaxAmount},
            ${h.totalDiscountAmount}, ${h.saleDiscount}, ${h.profit}, ${h.note ?? null}, ${h.paidAmount}, ${h.dueAmount}, ${h.orderStatus},
            ${h.extra.invoiceMemoNo ?? null}, ${h.extra.dueDate ?? null}::date, ${h.extra.termsAndConditions ?? null}, ${h.extra.address ?? null},
            ${number}, ${h.tillSessionId}::int, ${h.queued.receiptReference}::text, ${h.queued.soldAt}::timestamptz, ${h.queued.late})
          ${written}),`;
  const input = JSON.stringify(lines.map((l, n) => ({ n, ...l })));
  const [row] = await executePrepared<{
    posted: number;
    created_ms: number | string;
    note: string | null;
    invoice_memo_no: string | null;
    due_date: string | null;
    terms_and_conditions: string | null;
    address: string | null;
    number: number | null;
    updated_ms: number | string;
    line_ids: number[] | null;
  }>(
    tx,
    sql`
    with ${head}
    li as (
      insert into sale_invoice_product (invoice_id, product_id, product_variant_id, product_quantity, product_unit_sale_price, product_discount,
        sale_discount, product_final_amount, tax, tax_amount, unit_cost, oversold)
      select h.id, l."productId", l."productVariantId", l."productQuantity", l."productUnitSalePrice", l."productDiscount", l."saleDiscount",
        l."productFinalAmount", l.tax, l."taxAmount", l."unitCost", l.oversold
      from h, jsonb_to_recordset(${input}::jsonb) as l(n int, "productId" int, "productVariantId" int, "productQuantity" int, "productUnitSalePrice" numeric,
        "productDiscount" numeric, "saleDiscount" numeric, "productFinalAmount" numeric, tax numeric, "taxAmount" numeric,
        "unitCost" numeric, oversold boolean)
      order by l.n
      returning id)${books ? sql`, posted as (${books.sql})` : sql``}
    select ${books ? sql`(select count(*)::int from posted)` : sql`0`} as posted, floor(extract(epoch from h.created_at) * 1000)::float8 as created_ms,
      floor(extract(epoch from h.updated_at) * 1000)::float8 as updated_ms, h.note,
      h.invoice_memo_no, h.due_date, h.terms_and_conditions, h.address, h.number, (select json_agg(li.id order by li.id) from li) as line_ids from h`,
  );
  if (!row) throw new Error(`sale invoice ${invoiceId} was not written`);
  books?.check(Number(row.posted));
  return {
    createdAt: new Date(Number(row.created_ms)),
    updatedAt: new Date(Number(row.updated_ms)),
    note: row.note,
    extra: {
      invoiceMemoNo: row.invoice_memo_no,
      dueDate: row.due_date,
      termsAndConditions: row.terms_and_conditions,
      address: row.address,
    },
    number: row.number == null || Number(row.number) < 0 ? null : Number(row.number),
    lineIds: (row.line_ids ?? []).map(Number),
  };
}
