import { fieldMessage, toCents } from '@tillbook/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { requireFound } from '../../platform/queries.ts';
import { paymentMethod } from '../../schema/index.ts';
import type { PaidAmount } from './purchase-postings.ts';

/** Each amount above 0 with the ledger account of its payment method (cash when none is named); 400 naming an unknown or inactive method. */
export async function paidAmounts(
  tx: DbOrTx,
  amounts: { amount: number; paymentType?: number | null }[],
  field: string,
): Promise<PaidAmount[]> {
  const ids = [...new Set(amounts.flatMap((a) => (a.paymentType ? [a.paymentType] : [])))];
  const methods = ids.length
    ? await tx
        .select({
          id: paymentMethod.id,
          subAccountId: paymentMethod.subAccountId,
          status: paymentMethod.status,
          isActive: paymentMethod.isActive,
        })
        .from(paymentMethod)
        .where(inArray(paymentMethod.id, ids))
    : [];
  const accountOf = new Map(methods.map((m) => [m.id, m.subAccountId]));
  const references = amounts.flatMap((a, i) => (a.paymentType ? [[`${field}.${i}.paymentType`, a.paymentType] as const] : []));
  requireFound(references, new Set(accountOf.keys()));
  // a hidden or switched-off method takes no more money, here as at the till
  const inactive = new Set(methods.filter((m) => !m.status || m.isActive !== 'true').map((m) => m.id));
  const refused = references.filter(([, id]) => inactive.has(id)).map(([name]) => [name, 'is not an active payment method'] as const);
  if (refused.length) throw badRequest(fieldMessage(refused[0]![0], refused[0]![1]), Object.fromEntries(refused));
  return amounts
    .filter((a) => toCents(a.amount) > 0)
    .map((a) => ({
      amount: toCents(a.amount),
      account: a.paymentType ? { subAccountId: accountOf.get(a.paymentType)! } : ('cash' as const),
    }));
}
