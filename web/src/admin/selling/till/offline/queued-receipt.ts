import type { Cents } from '@tillbook/contract';
import { type CartState, cartTotals, lineFigures, unitOf } from '../cart.ts';

/**
 * The receipt of a sale still in the till's queue (issue 33): what the cashier hands over offline. It carries the
 * till's receipt reference, not an invoice number (the server gives that when it posts the sale, and the invoice
 * keeps the reference); its figures are the till's preview of the same sale (`cartTotals`, the contract's pricing),
 * which the server's posting repeats.
 */
export interface QueuedReceipt {
  reference: string;
  /** The device's time of the sale (ISO). */
  soldAt: string;
  customer: string | null;
  servedBy: string;
  lines: { key: string; name: string; quantity: number; unit: Cents; discount: Cents; vatPercent: number; vat: Cents; net: Cents }[];
  saleDiscount: Cents;
  total: Cents;
  vat: Cents;
  payments: { method: string; amount: Cents }[];
  change: Cents;
}

/** The queued sale's receipt from the cart it was made of; `methodName` names a tender's payment method. */
export function queuedReceipt(
  cart: CartState,
  sale: { reference: string; soldAt: string; servedBy: string; change: Cents },
  methodName: (methodId: number) => string,
): QueuedReceipt {
  const totals = cartTotals(cart.lines, cart.saleDiscount);
  return {
    ...sale,
    customer: cart.customer?.name ?? null,
    lines: cart.lines.map((l) => {
      const figures = lineFigures(l);
      const name = l.variantLabel ? `${l.name} · ${l.variantLabel}` : l.name;
      return {
        key: `${l.productId}/${l.variantId ?? ''}`,
        name,
        quantity: l.quantity,
        unit: unitOf(l),
        discount: l.discount,
        vatPercent: l.vatPercent,
        vat: figures.vat,
        net: figures.net,
      };
    }),
    saleDiscount: totals.saleDiscountTooBig ? 0 : cart.saleDiscount,
    total: totals.total,
    vat: totals.vat,
    payments: cart.tenders.filter((t) => t.amount > 0).map((t) => ({ method: methodName(t.methodId), amount: t.amount })),
    change: sale.change,
  };
}
