import { toCents } from '@tillbook/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { requireFound } from '../../platform/queries.ts';
import { paymentMethod } from '../../schema/index.ts';
import type { PaidAmount } from './purchase-postings.ts';

/** Each amount above 0 with the ledger account of its payment method (cash when none is named); 400 naming an unknown method. */
export async function paidAmounts(
  tx: DbOrTx,
  amounts: { amount: number; paymentType?: number | null }[],
  field: string,
): Promise<PaidAmount[]> {
  const ids = [...new Set(amounts.flatMap((a) => (a.paymentType ? [a.paymentType] : [])))];
  const methods = ids.length
    ? await tx
        .select({ id: paymentMethod.id, subAccountId: paymentMethod.subAccountId })
        .from(paymentMethod)
        .where(inArray(paymentMethod.id, ids))
    : [];
  const accountOf = new Map(methods.map((m) => [m.id, m.subAccountId]));
  requireFound(
    amounts.flatMap((a, i) => (a.paymentType ? [[`${field}.${i}.paymentType`, a.paymentType] as const] : [])),
    new Set(accountOf.keys()),
  );
  return amounts
    .filter((a) => toCents(a.amount) > 0)
    .map((a) => ({
      amount: toCents(a.amount),
      account: a.paymentType ? { subAccountId: accountOf.get(a.paymentType)! } : ('cash' as const),
    }));
}
