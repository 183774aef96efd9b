import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

/** After every stock flow: each product's on-hand quantity equals the sum of its movements. */
export async function expectStockMatchesMovements(t: TestApp): Promise<void> {
  const rows = await t.database.db.execute(sql`
    select p.id, p.name, p.product_quantity as on_hand, coalesce(sum(m.quantity), 0)::int as moved
    from product p left join stock_movement m on m.product_id = p.id
    group by p.id having p.product_quantity <> coalesce(sum(m.quantity), 0)`);
  expect((rows as unknown as { rows: unknown[] }).rows, 'products whose stock differs from their movements').toEqual([]);
}

/** After every flow that posts: total debits equal total credits, and every row has two sides. */
export async function expectLedgerBalanced(t: TestApp): Promise<void> {
  const result = await t.database.db.execute(sql`
    select coalesce(sum(amount), 0)::text as debits,
      (select coalesce(sum(amount), 0) from transaction)::text as credits,
      count(*) filter (where debit_id = credit_id or amount <= 0)::int as broken
    from transaction`);
  const [row] = (result as unknown as { rows: { debits: string; credits: string; broken: number }[] }).rows;
  expect(row!.broken).toBe(0);
  expect(row!.debits).toBe(row!.credits);
}

/**
 * Every stock movement is valued and posted: the Inventory account's balance equals the sum of
 * movements valued at their unit cost.
 */
export async function expectInventoryMatchesLedger(t: TestApp): Promise<void> {
  const result = await t.database.db.execute(sql`
    with inv as (select id from sub_account where system_key = 'inventory')
    select
      (select coalesce(sum(case when debit_id = inv.id then amount else -amount end), 0) from transaction, inv
        where debit_id = inv.id or credit_id = inv.id)::numeric(14,2)::text as ledger,
      (select coalesce(sum(quantity * unit_cost), 0) from stock_movement)::numeric(14,2)::text as stock`);
  const [row] = (result as unknown as { rows: { ledger: string; stock: string }[] }).rows;
  expect(row!.ledger, 'Inventory account balance vs. stock movements at cost').toBe(row!.stock);
}
