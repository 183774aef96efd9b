import type { PurchaseState } from '@tillbook/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { executePrepared } from '../../platform/prepared.ts';

interface PageRow {
  id: number;
  number: number | null;
  status: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  state: PurchaseState;
  date: string;
  supplier_id: number;
  note: string | null;
  supplier_memo_no: string | null;
  invoice_memo_no: string | null;
  total_amount: number;
  total_tax: number;
  paid_amount: number;
  return_amount: number;
  instant_paid_return_amount: number;
  due_amount: number;
  bought_amount: number;
  supplier_name: string;
  supplier_phone: string;
}

/**
 * A page of the purchase list's headers (the shape of `headerSelect`'s rows), as one named prepared statement:
 * PostgreSQL plans it once per connection instead of on every request, and the rows come back ready (money as
 * numbers, the day as text) without the query builder's mapping. `where` and `order` are the list's own
 * conditions and order over `purchase_invoice`.
 */
export async function purchasePage(db: DbOrTx, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  const rows = await executePrepared<PageRow>(
    db,
    sql`select purchase_invoice.id, purchase_invoice.number, purchase_invoice.status, purchase_invoice.created_at, purchase_invoice.updated_at,
        purchase_invoice.state, to_char(purchase_invoice.date, 'YYYY-MM-DD') as date, purchase_invoice.supplier_id, purchase_invoice.note,
        purchase_invoice.supplier_memo_no, purchase_invoice.invoice_memo_no, purchase_invoice.total_amount::float8 as total_amount,
        purchase_invoice.total_tax::float8 as total_tax, purchase_invoice.paid_amount::float8 as paid_amount,
        purchase_invoice.return_amount::float8 as return_amount, purchase_invoice.instant_paid_return_amount::float8 as instant_paid_return_amount,
        purchase_invoice.due_amount::float8 as due_amount,
        (case when purchase_invoice.state = 'active' then purchase_invoice.total_amount + purchase_invoice.total_tax else 0 end)::float8 as bought_amount,
        supplier.name as supplier_name, supplier.phone as supplier_phone
      from purchase_invoice join supplier on supplier.id = purchase_invoice.supplier_id
      ${where ? sql`where ${where}` : sql``}
      order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    number: r.number === null ? (null as unknown as number) : Number(r.number),
    status: r.status,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    state: r.state,
    date: r.date,
    supplierId: Number(r.supplier_id),
    note: r.note,
    supplierMemoNo: r.supplier_memo_no,
    invoiceMemoNo: r.invoice_memo_no,
    totalAmount: Number(r.total_amount),
    totalTax: Number(r.total_tax),
    paidAmount: Number(r.paid_amount),
    returnAmount: Number(r.return_amount),
    instantPaidReturnAmount: Number(r.instant_paid_return_amount),
    dueAmount: Number(r.due_amount),
    boughtAmount: Number(r.bought_amount),
    supplier: { id: Number(r.supplier_id), name: r.supplier_name, phone: r.supplier_phone },
  }));
}
