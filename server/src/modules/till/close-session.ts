import { type CloseTillSessionInput, fromCents, type TillReport, tillSessionLifecycle, toCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest, conflict, fieldError, forbidden } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { type LifecycleDocument, transition } from '../../platform/transition.ts';
import { tillSession } from '../../schema/index.ts';
import { post } from '../accounting/index.ts';
import { sessionFigures, sessionHead } from './session-report.ts';
import { closePostings } from './till-postings.ts';

export const tillSessionDoc: LifecycleDocument<'OPEN' | 'CLOSED'> = {
  table: tillSession,
  state: tillSession.state,
  lifecycle: tillSessionLifecycle,
  label: 'Till session',
};

/** The code PostgreSQL answers a lock taken NOWAIT that another transaction holds. */
const lockNotAvailable = '55P03';

/**
 * Takes the session's row for the close, or refuses at once while another transaction holds it: a sale, a return,
 * a payment or a cash movement of the session in flight (each holds it shared until it commits), or a close
 * already under way (a double click). Nothing slips between: a document arriving after the close finds it closed.
 */
async function lockOrRefuse(tx: DbOrTx, sessionId: number): Promise<void> {
  try {
    await tx.execute(sql`select id from till_session where id = ${sessionId} for update nowait`);
  } catch (error) {
    const codes = [error, (error as { cause?: unknown }).cause].map((e) => (e as { code?: string } | undefined)?.code);
    if (!codes.includes(lockNotAvailable)) throw error;
    throw conflict(`A sale or a close of till session ${sessionId} is in flight: close again in a moment`, {
      id: 'has a document in flight',
    });
  }
}

/** Who closes: the cashier who opened the session, or someone allowed to close another's (a manager). */
export interface Closer {
  userId: number;
  mayCloseOthers: boolean;
}

/**
 * POST till-session/{id}/close, one transaction: the session's row is locked first (documents in flight hold it
 * shared, so the close waits for them and counts them; a second close waits and finds it CLOSED: 409, one Z).
 * Refused while a held sale of the session is open. The figures are worked out, the count compared per method,
 * the cash variance posted to Cash Over and Short and what is beyond the float left dropped to the safe; the Z
 * takes the till's next number and is kept frozen on the session.
 */
export async function closeSession(
  tx: DbOrTx,
  sessionId: number,
  input: CloseTillSessionInput,
  by: Closer,
  clock: Clock,
): Promise<TillReport> {
  const head = await sessionHead(tx, sessionId);
  if (head.openedBy !== by.userId && !by.mayCloseOthers) throw forbidden('Only a manager may close a session another cashier opened');
  await lockOrRefuse(tx, sessionId);
  await transition(tx, tillSessionDoc, sessionId, 'CLOSED');
  const held = await rawRows<{ id: number }>(
    tx,
    sql`select id from sale_invoice where till_session_id = ${sessionId} and state = 'held' order by id limit 20`,
  );
  if (held.length)
    throw conflict(`Complete or cancel the held sales of this session first: ${held.map((h) => `#${h.id}`).join(', ')}`, {
      id: `has open held sales ${held.map((h) => h.id).join(', ')}`,
    });
  const { report: figures, cashMethodIds } = await sessionFigures(tx, { ...head, state: 'OPEN' });
  const known = new Map(figures.byPaymentMethod.map((m) => [m.paymentMethodId, m]));
  const unknown = input.counted.findIndex((c) => !known.has(c.paymentMethodId));
  if (unknown >= 0) throw fieldError(`counted.${unknown}.paymentMethodId`, `is not a payment method of ${head.tillName}`);
  const counts = new Map(input.counted.map((c) => [c.paymentMethodId, toCents(c.amount)]));
  if (cashMethodIds.length && !cashMethodIds.some((id) => counts.has(id)))
    throw fieldError('counted', `must hold the cash counted in the drawer (payment method ${cashMethodIds.join(' or ')})`);
  // the drawer's cash, whichever cash method it was taken by
  const countedCash = cashMethodIds.reduce((sum, id) => sum + (counts.get(id) ?? 0), 0);
  const floatLeft = toCents(input.floatLeft);
  if (floatLeft > countedCash)
    throw badRequest('The float left cannot be more than the cash counted', {
      floatLeft: `is more than the cash counted (${fromCents(countedCash).toFixed(2)})`,
    });
  const variance = countedCash - toCents(figures.expectedCash ?? 0);
  const [tillRow] = await rawRows<{ z: number }>(
    tx,
    sql`update till set last_z_number = last_z_number + 1, float_left = ${input.floatLeft}, updated_at = now()
      where id = ${head.tillId} returning last_z_number as z`,
  );
  const zNumber = Number(tillRow!.z);
  const closedAt = clock.now();
  const z: TillReport = {
    ...figures,
    status: 'CLOSED',
    closedAt: closedAt.toISOString(),
    byPaymentMethod: figures.byPaymentMethod.map((m) => {
      const counted = counts.get(m.paymentMethodId);
      return counted === undefined ? m : { ...m, counted: fromCents(counted), variance: fromCents(counted - toCents(m.expected ?? 0)) };
    }),
    zNumber,
    countedCash: fromCents(countedCash),
    variance: fromCents(variance),
    floatLeft: input.floatLeft,
  };
  await post(
    tx,
    closePostings({
      sessionId,
      tillName: head.tillName,
      drawer: head.drawer,
      date: await businessDate(tx, clock),
      zNumber,
      variance,
      drop: countedCash - floatLeft,
    }),
  );
  await tx.execute(
    sql`update till_session set closed_by = ${by.userId}, closed_at = ${closedAt.toISOString()}::timestamptz, z_number = ${zNumber},
      float_left = ${input.floatLeft}, variance = ${fromCents(variance)}, z_report = ${JSON.stringify(z)}::jsonb where id = ${sessionId}`,
  );
  return z;
}
