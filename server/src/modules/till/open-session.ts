import { fromCents, type OpenTillSessionInput, toCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { conflict, fieldError } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { post } from '../accounting/index.ts';
import { openPostings } from './till-postings.ts';

/**
 * POST till-session: the till's row is locked first, so two devices opening one till take turns and the second
 * finds the first's session (409; the partial unique index refuses it too). The counted float less what the last
 * close left in the drawer is recorded and moved from the safe, so the drawer's account holds what was counted.
 */
export async function openSession(tx: DbOrTx, input: OpenTillSessionInput, userId: number, clock: Clock): Promise<number> {
  const [t] = await rawRows<{ id: number; name: string; status: boolean; drawer: number; float_left: string }>(
    tx,
    sql`select id, name, status, sub_account_id as drawer, float_left from till where id = ${input.tillId} for update`,
  );
  if (!t?.status) throw fieldError('tillId', t ? 'is not an active till' : 'does not exist');
  const [open] = await rawRows<{ id: number }>(tx, sql`select id from till_session where till_id = ${t.id} and state = 'OPEN'`);
  if (open) throw conflict(`${t.name} is already open (session ${open.id})`, { tillId: `is already open in session ${open.id}` });
  const difference = toCents(input.openingFloat) - toCents(Number(t.float_left));
  const [made] = await rawRows<{ id: number }>(
    tx,
    sql`insert into till_session (till_id, opening_float, float_difference, opened_by)
      values (${t.id}, ${input.openingFloat}, ${fromCents(difference)}, ${userId}) returning id`,
  );
  const sessionId = Number(made!.id);
  const date = await businessDate(tx, clock);
  await post(tx, openPostings({ sessionId, tillName: t.name, drawer: Number(t.drawer), date, floatDifference: difference }));
  return sessionId;
}
