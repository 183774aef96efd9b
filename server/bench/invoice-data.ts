/**
 * The lists' data (issue 19, point 18): sale and purchase invoices generated in SQL with the figures
 * the app keeps on each (paid, due, returned, refunded), so the staff lists read them as after real
 * trade. One in three sales is part paid, one in five unpaid, one in fifty undone; a thousand customers
 * share the sales. `grow` adds invoices up to the counts asked, so the same lists are measured at
 * 10,000 and at 100,000 invoices.
 */
import type { RawSql } from './raw-sql.ts';

export const listCustomers = 1_000;
/** A search key that finds exactly the invoiced customers (their usernames are 'List customer <n>'). */
export const listCustomerKey = 'List customer';

export async function growInvoices(sql: RawSql, sales: number, purchases: number): Promise<{ sales: number; seconds: number }> {
  const started = Date.now();
  const [customers] = await sql(`select count(*)::int as n from customer where username like 'List customer %'`);
  if (Number(customers!.n) === 0) {
    await sql(
      `insert into customer (username, first_name, last_name, role_id)
       select 'List customer ' || i, 'List', 'Customer ' || i, (select id from role where name = 'customer')
       from generate_series(1, ${listCustomers}) i`,
    );
    await sql(
      `insert into supplier (name, phone) select 'List supplier ' || i, '+44 20 7000 ' || lpad(i::text, 4, '0') from generate_series(1, 50) i`,
    );
  }
  const [have] = await sql(
    `select (select count(*)::int from sale_invoice where note = 'list') as sales, (select count(*)::int from purchase_invoice where note = 'list') as purchases`,
  );
  const salesFrom = Number(have!.sales) + 1;
  const purchasesFrom = Number(have!.purchases) + 1;
  // a sale's net 10..409, VAT 10 %; paid: all, a third part paid (half), a fifth nothing; undone ones keep zeros
  await sql(
    `with c as (select array_agg(id order by id) a from customer where username like 'List customer %')
     insert into sale_invoice (date, state, status, customer_id, user_id, total_amount, total_tax_amount, total_discount_amount, profit,
       note, paid_amount, due_amount, order_status)
     select current_date - (i % 730), s.state, s.state = 'completed', c.a[1 + i % array_length(c.a, 1)], (select min(id) from users),
       n.net, n.vat, 0, round(n.net * 0.3, 2), 'list',
       case when s.state <> 'completed' then 0 when i % 5 = 0 then 0 when i % 3 = 0 then round((n.net + n.vat) / 2, 2) else n.net + n.vat end,
       case when s.state <> 'completed' then 0 when i % 5 = 0 then n.net + n.vat when i % 3 = 0 then n.net + n.vat - round((n.net + n.vat) / 2, 2) else 0 end,
       case when s.state = 'completed' and i % 5 <> 0 and i % 3 <> 0 then 'RECEIVED' else 'PENDING' end
     from generate_series(${salesFrom}, ${sales}) i, c,
       lateral (select (10 + i % 400)::numeric as net, round((10 + i % 400) * 0.1, 2) as vat) n,
       lateral (select case when i % 50 = 0 then 'deleted' else 'completed' end as state) s`,
  );
  await sql(
    `with s as (select array_agg(id order by id) a from supplier where name like 'List supplier %')
     insert into purchase_invoice (date, supplier_id, total_amount, total_tax, paid_amount, due_amount, note)
     select current_date - (i % 730), s.a[1 + i % array_length(s.a, 1)], 200 + i % 900, round((200 + i % 900) * 0.15, 2),
       case when i % 4 = 0 then 0 else 200 + i % 900 end,
       case when i % 4 = 0 then 200 + i % 900 + round((200 + i % 900) * 0.15, 2) else round((200 + i % 900) * 0.15, 2) end, 'list'
     from generate_series(${purchasesFrom}, ${purchases}) i, s`,
  );
  await sql('analyze sale_invoice');
  await sql('analyze purchase_invoice');
  await sql('analyze customer');
  // as the embedded upkeep (and a server's autovacuum) leaves them: each invoice loaded rewrote a totals row
  await sql('vacuum analyze sale_day_totals, purchase_day_totals, customer_sale_totals');
  return { sales, seconds: (Date.now() - started) / 1000 };
}
