import { type Cents, fieldMessage, toCents } from '@tillbook/contract';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { requireFound } from '../../platform/queries.ts';
import { paymentMethod, subAccount } from '../../schema/index.ts';

export interface Tender {
  /** Index in the request's paidAmount list, for naming the field. */
  index: number;
  paymentType: number;
  subAccountId: number;
  method: string;
  /** A cash method (its money lands in the Cash account): only cash gives change. */
  cash: boolean;
  amount: Cents;
}

export interface Settled {
  /** The payments kept, in the order sent, cash reduced by the change; none of zero. */
  kept: Tender[];
  change: Cents;
}

/**
 * Split tender against a total: what is paid beyond the total is change, and only cash gives change,
 * so the change comes off the cash tenders (the last first) and what is recorded as paid never
 * exceeds the total. Answers undefined when non-cash tenders alone exceed the total.
 */
export function settleTender(total: Cents, tenders: Tender[]): Settled | undefined {
  const paid = tenders.reduce((sum, t) => sum + t.amount, 0);
  let change = Math.max(0, paid - total);
  const cash = tenders.filter((t) => t.cash).reduce((sum, t) => sum + t.amount, 0);
  if (change > cash) return undefined;
  const kept = tenders.map((t) => ({ ...t }));
  const result = change;
  for (const t of [...kept].reverse()) {
    if (!t.cash || change === 0) continue;
    const off = Math.min(t.amount, change);
    t.amount -= off;
    change -= off;
  }
  return { kept: kept.filter((t) => t.amount > 0), change: result };
}

/**
 * A payment method as a tender needs it: its account, its name, and whether it is cash; `refusal` says
 * why a method that exists cannot take money at the counter (hidden, inactive, or not offered at the till).
 */
export interface TenderMethod {
  id: number;
  name: string;
  subAccountId: number;
  cash: boolean;
  refusal?: string | null;
}

/** Why a payment method cannot be tendered at the counter, or null when it can (the same rule in SQL in sale-lookup.ts). */
export const tenderRefusal = (m: { status: boolean; isActive: string; atTill: string }) =>
  !m.status || m.isActive !== 'true' ? 'is not an active payment method' : m.atTill !== 'true' ? 'is not offered at the till' : null;

/** The tenders of `paidAmount` given the methods found; `field` names the list in errors (400 for a method unknown or refused). */
export function tendersFrom(
  methods: readonly TenderMethod[],
  paidAmount: readonly { paymentType: number; amount: number }[],
  field = 'paidAmount',
): Tender[] {
  const byId = new Map(methods.map((m) => [m.id, m]));
  const references = paidAmount.map((p, index) => [`${field}.${index}.paymentType`, p.paymentType] as const);
  requireFound(references, new Set(byId.keys()));
  const refused = references.flatMap(([name, id]) => {
    const refusal = byId.get(id)!.refusal;
    return refusal ? [[name, refusal] as const] : [];
  });
  if (refused.length) throw badRequest(fieldMessage(refused[0]![0], refused[0]![1]), Object.fromEntries(refused));
  return paidAmount.map((p, index) => {
    const m = byId.get(p.paymentType)!;
    return { index, paymentType: m.id, subAccountId: m.subAccountId, method: m.name, cash: m.cash, amount: toCents(p.amount) };
  });
}

/** The payment methods of the tenders; cash is a method whose money lands in Cash. `field` names the list in errors. */
export async function tendersOf(
  tx: DbOrTx,
  paidAmount: readonly { paymentType: number; amount: number }[],
  field = 'paidAmount',
): Promise<Tender[]> {
  if (!paidAmount.length) return [];
  const methods = await tx
    .select({
      id: paymentMethod.id,
      name: paymentMethod.methodName,
      subAccountId: paymentMethod.subAccountId,
      key: subAccount.systemKey,
      status: paymentMethod.status,
      isActive: paymentMethod.isActive,
      atTill: paymentMethod.atTill,
    })
    .from(paymentMethod)
    .innerJoin(subAccount, eq(subAccount.id, paymentMethod.subAccountId))
    .where(
      inArray(
        paymentMethod.id,
        paidAmount.map((p) => p.paymentType),
      ),
    );
  return tendersFrom(
    methods.map((m) => ({ id: m.id, name: m.name, subAccountId: m.subAccountId, cash: m.key === 'cash', refusal: tenderRefusal(m) })),
    paidAmount,
    field,
  );
}
