import { type TillCashInput, toCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { type AccountRef, post } from '../accounting/index.ts';
import { sessionOfDocument } from './session-of-document.ts';
import { noSaleEvent } from './till-events.ts';
import { cashPostings, safe } from './till-postings.ts';

/** POST till-session/{id}/cash: pay in, pay out or drop, a document of the open session with its posting. */
export async function moveSessionCash(
  tx: DbOrTx,
  sessionId: number,
  input: TillCashInput,
  userId: number,
  clock: Clock,
): Promise<{ id: number; subAccountId: number; createdAt: Date }> {
  const session = await sessionOfDocument(tx, sessionId, 'id');
  let other: AccountRef = safe;
  let otherId: number;
  if (input.subAccountId) {
    const [account] = await rawRows<{ id: number }>(tx, sql`select id from sub_account where id = ${input.subAccountId} and status`);
    if (!account) throw fieldError('subAccountId', 'does not exist');
    if (Number(account.id) === session.drawer) throw fieldError('subAccountId', "must not be the till's own drawer");
    other = { subAccountId: Number(account.id) };
    otherId = Number(account.id);
  } else {
    const [cash] = await rawRows<{ id: number }>(tx, sql`select id from sub_account where system_key = 'cash'`);
    otherId = Number(cash!.id);
  }
  const [made] = await rawRows<{ id: number; created_at: Date }>(
    tx,
    sql`insert into till_cash (session_id, type, amount, reason, sub_account_id, user_id)
      values (${sessionId}, ${input.type}, ${input.amount}, ${input.reason}, ${otherId}, ${userId}) returning id, created_at`,
  );
  const date = await businessDate(tx, clock);
  await post(
    tx,
    cashPostings({
      sessionId,
      tillName: session.tillName,
      drawer: session.drawer,
      date,
      type: input.type,
      amount: toCents(input.amount),
      other,
      reason: input.reason,
    }),
  );
  return { id: Number(made!.id), subAccountId: otherId, createdAt: new Date(made!.created_at) };
}

/** POST till-session/{id}/no-sale: the drawer opened without a sale, kept with who and when. */
export async function recordNoSale(tx: DbOrTx, sessionId: number, userId: number): Promise<{ id: number; at: Date }> {
  await sessionOfDocument(tx, sessionId, 'id');
  const [made] = await rawRows<{ id: number; at: Date }>(
    tx,
    sql`insert into till_no_sale (session_id, user_id) values (${sessionId}, ${userId}) returning id, at`,
  );
  await noSaleEvent(tx, sessionId, Number(made!.id));
  return { id: Number(made!.id), at: new Date(made!.at) };
}
