import type { PermissionName } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import { makeDrawerAccount } from './till-resource.ts';

/** What a role that sells is given when the till's day arrives, so an existing shop's cashier can still sell. */
const sellersGet: PermissionName[] = ['readAll-till', 'readSingle-till', 'create-tillSession', 'readSingle-tillSession', 'create-tillCash'];

/**
 * A shop without a till gets "Till 1", once (every start asks; a shop that has any till, active or not, is left
 * alone): its drawer's own account, every method offered at the till. Roles that may sell are granted the
 * session permissions at the same time, once, so a shop upgraded from before tills keeps selling.
 */
export async function seedDefaultTill(tx: DbOrTx): Promise<void> {
  const [any] = await rawRows<{ id: number }>(tx, sql`select id from till limit 1`);
  if (any) return;
  const drawer = await makeDrawerAccount(tx, 'Till 1');
  await tx.execute(sql`insert into till (name, sub_account_id) values ('Till 1', ${drawer})`);
  await tx.execute(sql`insert into role_permission (role_id, permission_id)
    select rp.role_id, p.id from role_permission rp
      join permission sell on sell.id = rp.permission_id and sell.name = 'create-saleInvoice'
      join role r on r.id = rp.role_id and r.name <> 'customer'
      cross join permission p where p.name = any(${`{${sellersGet.join(',')}}`}::text[])
    on conflict do nothing`);
}
