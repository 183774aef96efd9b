/**
 * The limit's SQL for the staff lists of issue 19, point 18: the page read from the figures kept on
 * each invoice, its count, sums and graph from the per-day (per-customer) totals the invoice triggers
 * keep, the answer built as JSON text by the database (one round trip per request). The same answers
 * as the app's: the keys its screens read.
 */

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const money = (column: string) => `${column}::float8`;
const sum = (column: string) => `coalesce(sum(${column}), 0)::numeric(14,2)::float8`;

/** The one rule of the contract's `paymentStatus`, in SQL. */
const statusWord = (undone: string, alias: string) => `case when ${undone} then 'Undone' when ${alias}.due_amount <= 0 then 'Paid'
  when ${alias}.paid_amount - ${alias}.instant_paid_return_amount > 0 then 'Partly paid' else 'Unpaid' end`;

/** GET sale-invoice?page&count: the default list (active sales, newest first) with its sums and per-day graph. */
export function saleListSql(limit: number, offset: number): string {
  const where = `si.state in ('completed', 'deleted') and si.status`;
  return `with k as (select si.id from sale_invoice si where ${where} order by si.id desc limit ${limit} offset ${offset}),
    s as (select coalesce(sum(t.invoices), 0)::int as n, ${sum('t.total_amount')} as total, ${sum('t.total_tax_amount')} as tax,
        ${sum('t.total_discount_amount')} as discount, ${sum('t.profit')} as profit, ${sum('t.paid_amount')} as paid,
        ${sum('t.due_amount')} as due, ${sum('t.return_amount')} as returned, ${sum('t.instant_paid_return_amount')} as refunded
      from sale_day_totals t where t.state = 'completed'),
    g as (select t.date, sum(t.invoices)::int as n, ${sum('t.total_amount')} as total from sale_day_totals t
      where t.state = 'completed' group by t.date having sum(t.invoices) > 0)
    select json_build_object(
      'getAllSaleInvoice', (select coalesce(json_agg(json_build_object('id', si.id, 'date', si.date, 'state', si.state,
          'status', si.status::text, 'customerId', si.customer_id, 'userId', si.user_id, 'totalAmount', ${money('si.total_amount')},
          'totalTaxAmount', ${money('si.total_tax_amount')}, 'totalDiscountAmount', ${money('si.total_discount_amount')},
          'profit', ${money('si.profit')}, 'note', si.note, 'invoiceMemoNo', si.invoice_memo_no, 'dueDate', si.due_date,
          'termsAndConditions', si.terms_and_conditions, 'address', si.address, 'orderStatus', si.order_status,
          'createdAt', ${iso('si.created_at')}, 'customer', json_build_object('id', c.id, 'username', c.username),
          'user', json_build_object('id', u.id, 'username', u.username), 'paidAmount', ${money('si.paid_amount')},
          'dueAmount', ${money('si.due_amount')}, 'returnAmount', ${money('si.return_amount')},
          'instantPaidReturnAmount', ${money('si.instant_paid_return_amount')},
          'paymentStatus', ${statusWord(`si.state <> 'completed'`, 'si')}) order by si.id desc), '[]')
        from k join sale_invoice si on si.id = k.id join customer c on c.id = si.customer_id join users u on u.id = si.user_id),
      'totalSaleInvoice', s.n,
      'aggregations', json_build_object('_count', json_build_object('id', s.n), '_sum', json_build_object('totalAmount', s.total,
        'totalTaxAmount', s.tax, 'totalDiscountAmount', s.discount, 'profit', s.profit, 'paidAmount', s.paid, 'dueAmount', s.due,
        'totalReturnAmount', s.returned, 'instantPaidReturnAmount', s.refunded)),
      'graphData', (select coalesce(json_agg(json_build_object('date', g.date, 'count', g.n, 'totalAmount', g.total) order by g.date), '[]') from g)
    )::text as body from s`;
}

/** GET purchase-invoice?page&count: active purchases, the highest number first, with the list's sums. */
export function purchaseListSql(limit: number, offset: number): string {
  return `with k as (select pi.id from purchase_invoice pi where pi.status order by pi.id desc limit ${limit} offset ${offset}),
    s as (select coalesce(sum(t.invoices), 0)::int as n, ${sum('t.total_amount')} as total, ${sum('t.paid_amount')} as paid,
        ${sum('t.due_amount')} as due, ${sum('t.return_amount')} as returned, ${sum('t.instant_paid_return_amount')} as refunded
      from purchase_day_totals t where t.state = 'active')
    select json_build_object(
      'getAllPurchaseInvoice', (select coalesce(json_agg(json_build_object('id', pi.id, 'status', pi.status::text,
          'createdAt', ${iso('pi.created_at')}, 'updatedAt', ${iso('pi.updated_at')}, 'state', pi.state, 'date', pi.date,
          'supplierId', pi.supplier_id, 'note', pi.note, 'supplierMemoNo', pi.supplier_memo_no, 'invoiceMemoNo', pi.invoice_memo_no,
          'totalAmount', ${money('pi.total_amount')}, 'totalTax', ${money('pi.total_tax')}, 'paidAmount', ${money('pi.paid_amount')},
          'dueAmount', ${money('pi.due_amount')}, 'totalReturnAmount', ${money('pi.return_amount')},
          'instantPaidReturnAmount', ${money('pi.instant_paid_return_amount')}, 'paymentStatus', ${statusWord(`pi.state <> 'active'`, 'pi')},
          'supplier', json_build_object('id', su.id, 'name', su.name, 'phone', su.phone)) order by pi.id desc), '[]')
        from k join purchase_invoice pi on pi.id = k.id join supplier su on su.id = pi.supplier_id),
      'totalPurchaseInvoice', s.n,
      'aggregations', json_build_object('_count', json_build_object('id', s.n), '_sum', json_build_object('totalAmount', s.total,
        'paidAmount', s.paid, 'dueAmount', s.due, 'totalReturnAmount', s.returned, 'instantPaidReturnAmount', s.refunded))
    )::text as body from s`;
}

/**
 * GET customer?query=report&key=…: the customers holding the key in a search column (a report has no
 * status default), with what their completed sales come to, and the grand figures ($1: the key as a
 * `like` pattern).
 */
export const customerReportSql = `with b as (select t.customer_id, sum(t.total_amount) as total, sum(t.paid_amount) as paid,
      sum(t.return_amount) as returned, sum(t.instant_paid_return_amount) as refunded
    from customer_sale_totals t group by t.customer_id),
  r as (select c.*, coalesce(b.total, 0) as total, coalesce(b.paid, 0) as paid, coalesce(b.returned, 0) as returned,
      coalesce(b.refunded, 0) as refunded
    from customer c left join b on b.customer_id = c.id
    where c.username ilike $1 or c.phone ilike $1 or c.email ilike $1 or c.address ilike $1)
  select json_build_object(
    'grandData', (select json_build_object('grandTotalAmount', ${sum('total')}, 'grandTotalPaidAmount', ${sum('paid')},
      'grandTotalReturnAmount', ${sum('returned')}, 'grandInstantPaidReturnAmount', ${sum('refunded')},
      'grandDueAmount', ${sum('total - returned - paid + refunded')}) from r),
    'allCustomer', (select coalesce(json_agg(json_build_object('id', r.id, 'status', r.status::text, 'createdAt', ${iso('r.created_at')},
        'updatedAt', ${iso('r.updated_at')}, 'username', r.username, 'firstName', r.first_name, 'lastName', r.last_name, 'email', r.email,
        'phone', r.phone, 'address', r.address, 'totalAmount', r.total::float8, 'totalPaidAmount', r.paid::float8,
        'totalReturnAmount', r.returned::float8, 'instantPaidReturnAmount', r.refunded::float8,
        'dueAmount', (r.total - r.returned - r.paid + r.refunded)::float8) order by r.created_at desc, r.id desc), '[]') from r)
  )::text as body`;
