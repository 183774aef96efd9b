import { type Cents, fromCents } from '@tillbook/contract';
import type { FastifyRequest } from 'fastify';
import type { AuditEvent } from '../../platform/audit-trail.ts';
import { AppError } from '../../platform/errors.ts';
import { holds } from '../../platform/route.ts';
import type { PricedSale } from './sale-pricing.ts';

/** A percent of a whole, to two decimals. */
const percentOfWhole = (part: Cents, whole: Cents) => (whole > 0 ? Math.round((part * 10_000) / whole) / 100 : 100);

/**
 * The till events a priced sale makes (issue 34), on the sale with its session: each price typed over the
 * product's (`priceOverride`), and each discount above the shop's alert threshold (`largeDiscount`: a line's
 * against the line, the sale's against its goods). Pure: the use case writes them in the sale's transaction.
 */
export function saleEvents(sale: PricedSale, invoiceId: number): AuditEvent[] {
  const session = sale.session ? [{ field: 'tillSessionId', old: null, new: sale.session.id }] : [];
  const event = (action: string, changes: AuditEvent['changes']): AuditEvent => ({
    entity: 'saleInvoice',
    id: invoiceId,
    action,
    changes: [...changes, ...session],
  });
  const events: AuditEvent[] = [];
  const threshold = sale.discountAlertPercent;
  for (const line of sale.lines) {
    const product = [
      { field: 'productId', old: null, new: line.productId },
      { field: 'product', old: null, new: line.name },
    ];
    if (line.unitPrice !== line.listUnitPrice)
      events.push(
        event('priceOverride', [
          ...product,
          { field: 'unitPrice', old: fromCents(line.listUnitPrice), new: fromCents(line.unitPrice) },
          { field: 'quantity', old: null, new: line.quantity },
        ]),
      );
    const gross = line.unitPrice * line.quantity;
    const percent = percentOfWhole(line.discount, gross);
    if (threshold > 0 && line.discount > 0 && percent > threshold)
      events.push(
        event('largeDiscount', [
          ...product,
          { field: 'productDiscount', old: null, new: fromCents(line.discount) },
          { field: 'discountPercent', old: threshold, new: percent },
        ]),
      );
  }
  if (threshold > 0 && sale.saleDiscount > 0) {
    const goods = sale.lines.reduce((s, l) => s + l.unitPrice * l.quantity - l.discount, 0);
    const percent = percentOfWhole(sale.saleDiscount, goods);
    if (percent > threshold)
      events.push(
        event('largeDiscount', [
          { field: 'saleDiscount', old: null, new: fromCents(sale.saleDiscount) },
          { field: 'discountPercent', old: threshold, new: percent },
        ]),
      );
  }
  return events;
}

/** A price typed over the product's needs its own permission, checked before anything is read or written. */
export function refuseUnallowedOverride(req: FastifyRequest, lines: readonly { priceOverride?: number }[]): void {
  const index = lines.findIndex((l) => l.priceOverride !== undefined);
  if (index >= 0 && !holds(req, 'create-priceOverride'))
    throw new AppError('forbidden', 'You may not type a price over the product’s: ask a manager (create-priceOverride)', {
      [`saleInvoiceProduct.${index}.priceOverride`]: 'needs the permission create-priceOverride',
    });
}
