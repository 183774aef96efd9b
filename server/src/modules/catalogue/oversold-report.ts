import { oversoldListKeys } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { type ListQuery, paging } from '../../platform/list-query.ts';
import { rawRows } from '../../platform/queries.ts';

interface Row {
  line_id: number;
  sale_invoice_id: number;
  number: number | null;
  receipt_reference: string | null;
  date: string;
  product_id: number;
  name: string;
  sku: string;
  product_variant_id: number | null;
  variant_sku: string | null;
  product_quantity: number;
  stock_now: number;
  total: number;
}

/**
 * `GET product-reports?query=oversold` (issue 33): the lines of completed sales posted while their stock went
 * below zero, newest first, with the stock of their product (or variant) now. Read by the lines' partial index.
 */
export async function oversoldLines(db: DbOrTx, q: ListQuery<unknown>) {
  const { limit, offset } = paging(q);
  const rows = await rawRows<Row>(
    db,
    sql`select l.id as line_id, s.id as sale_invoice_id, s.number, s.receipt_reference, to_char(s.date, 'YYYY-MM-DD') as date,
        p.id as product_id, p.name, p.sku, v.id as product_variant_id, v.sku as variant_sku, l.product_quantity,
        coalesce(v.product_quantity, p.product_quantity) as stock_now, count(*) over ()::int as total
      from sale_invoice_product l
      join sale_invoice s on s.id = l.invoice_id and s.state = 'completed'
      join product p on p.id = l.product_id
      left join product_variant v on v.id = l.product_variant_id
      where l.oversold
      order by l.id desc limit ${limit} offset ${offset}`,
  );
  return {
    [oversoldListKeys.rows]: rows.map((r) => ({
      lineId: Number(r.line_id),
      saleInvoiceId: Number(r.sale_invoice_id),
      number: r.number === null ? null : Number(r.number),
      receiptReference: r.receipt_reference,
      date: r.date,
      productId: Number(r.product_id),
      name: r.name,
      sku: r.sku,
      productVariantId: r.product_variant_id === null ? null : Number(r.product_variant_id),
      variantSku: r.variant_sku,
      productQuantity: Number(r.product_quantity),
      stockNow: Number(r.stock_now),
    })),
    [oversoldListKeys.total]: rows.length ? Number(rows[0]!.total) : await countOversold(db),
  };
}

/** How many lines of completed sales were sold below zero (the dashboard's figure too). */
export async function countOversold(db: DbOrTx): Promise<number> {
  const [row] = await rawRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sale_invoice_product l join sale_invoice s on s.id = l.invoice_id and s.state = 'completed' where l.oversold`,
  );
  return Number(row?.n ?? 0);
}
