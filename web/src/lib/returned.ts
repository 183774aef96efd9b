import type { ReturnStatus } from '@tillbook/contract';

/** A return counts against its order once the goods are back (RECEIVED and after), not while asked for or when rejected. */
const back: ReadonlySet<ReturnStatus> = new Set<ReturnStatus>(['RECEIVED', 'REFUNDED', 'RESEND', 'RESENDED']);

/**
 * What an order's returns took off it: the total of every return whose goods came back. The order's paid and
 * due already count the money given back (or spent on a replacement), so total − returned − paid = due.
 */
export function returnedAmount(returns: readonly { returnCartOrderStatus: ReturnStatus; totalAmount: number }[]): number {
  const cents = returns.filter((r) => back.has(r.returnCartOrderStatus)).reduce((sum, r) => sum + Math.round(r.totalAmount * 100), 0);
  return cents / 100;
}
