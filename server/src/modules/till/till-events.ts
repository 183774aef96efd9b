import { type TillVoidInput, toCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit-trail.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';

/**
 * POST till-session/{id}/void (issue 34): lines taken off a cart before its sale was completed, one `void` event
 * each, on the session, with the cashier (the transaction's actor). A session closed since is still named: a void
 * made offline arrives after the close.
 */
export async function recordVoids(tx: DbOrTx, sessionId: number, input: TillVoidInput): Promise<number> {
  const [session] = await rawRows<{ id: number }>(tx, sql`select id from till_session where id = ${sessionId}`);
  if (!session) throw notFound(`Till session ${sessionId}`);
  const ids = [...new Set(input.lines.map((l) => l.productId))];
  const products = await rawRows<{ id: number; name: string }>(
    tx,
    sql`select id, name from product where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const names = new Map(products.map((p) => [Number(p.id), p.name]));
  // a product gone from the catalogue since is named by its id
  await auditEvents(
    tx,
    input.lines.map((line) => ({
      entity: 'tillSession',
      id: sessionId,
      action: 'void',
      changes: [
        { field: 'productId', old: line.productId, new: null },
        { field: 'product', old: names.get(line.productId) ?? `#${line.productId}`, new: null },
        ...(line.productVariantId ? [{ field: 'productVariantId', old: line.productVariantId, new: null }] : []),
        { field: 'quantity', old: line.productQuantity, new: 0 },
        { field: 'lineAmount', old: (toCents(line.unitPrice) * line.productQuantity) / 100, new: 0 },
        ...(input.cleared === 'true' ? [{ field: 'cleared', old: null, new: 'true' }] : []),
      ],
    })),
  );
  return input.lines.length;
}

/** The drawer opened without a sale: its event on the session. */
export const noSaleEvent = (tx: DbOrTx, sessionId: number, noSaleId: number) =>
  auditEvents(tx, [{ entity: 'tillSession', id: sessionId, action: 'noSale', changes: [{ field: 'noSaleId', old: null, new: noSaleId }] }]);
