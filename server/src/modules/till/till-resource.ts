import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import type { ResourceDefinition } from '../../platform/resource-factory.ts';
import { till } from '../../schema/index.ts';

type Row = Record<string, unknown>;

/**
 * The drawer's own cash account, made with the till under Asset: "<name> drawer" (a number added when the
 * name is taken). Answers its id.
 */
export async function makeDrawerAccount(tx: DbOrTx, tillName: string): Promise<number> {
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${tillName} drawer` : `${tillName} drawer ${n}`;
    const [made] = await rawRows<{ id: number }>(
      tx,
      sql`insert into sub_account (name, account_id) select ${name}, id from account where system_key = 'asset'
        on conflict (name) do nothing returning id`,
    );
    if (made) return Number(made.id);
  }
}

/** 400 naming the first payment method listed that does not exist. */
async function checkMethods(tx: DbOrTx, ids: unknown) {
  if (!Array.isArray(ids) || ids.length === 0) return;
  const found = new Set(
    (await rawRows<{ id: number }>(tx, sql`select id from payment_method where id = any(${`{${ids.map(Number).join(',')}}`}::int[])`)).map(
      (r) => Number(r.id),
    ),
  );
  const missing = ids.findIndex((id) => !found.has(Number(id)));
  if (missing >= 0) throw fieldError(`paymentMethodIds.${missing}`, 'does not exist');
}

/** What the till resource adds to the factory: its drawer's account, made on create, and its methods checked. */
export const tillExtras: Partial<ResourceDefinition> = {
  computed: {
    subAccountId: sql<number>`${till.subAccountId}`,
    /** Its open session: a device of the till joins it (the partial unique index keeps it to one). */
    // qualified: a bare "id" inside the subquery would be the session's own
    openSessionId: sql<number | null>`(select s.id from till_session s where s.till_id = "till"."id" and s.state = 'OPEN')`,
  },
  alsoListedFor: { permissions: ['create-tillSession'] },
  prepare: async (tx, values: Row, current?: Row) => {
    await checkMethods(tx, values.paymentMethodIds);
    if (current) return values;
    return { ...values, subAccountId: await makeDrawerAccount(tx, String(values.name)) };
  },
};
