import { maxUnpaged, supplierDetailOut, supplierReportOut } from '@tillbook/contract';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { unpagedWithin } from '../../platform/list-query.ts';
import { checkedPresenter } from '../../platform/presenter.ts';
import type { ResourceDefinition } from '../../platform/resource-factory.ts';
import { purchaseInvoice, returnPurchaseInvoice, supplier } from '../../schema/index.ts';
import { newestEntriesOf } from '../accounting/index.ts';
import { sumDerived, summedColumns } from './balances.ts';
import { headerSelect, returnHeaderSelect, withPaymentStatus } from './purchase-read.ts';

/**
 * GET supplier/{id}: the supplier with its statement (3.14): what it is owed and how many invoices and
 * returns it has, over every active invoice, summed by the database from the kept columns; and the
 * newest `limit` (the setting STATEMENT_ROW_LIMIT) invoices, returns and live ledger entries, newest first, so the answer
 * stays small however long the shop buys from it.
 */
async function supplierDetail(db: DbOrTx, id: number, limit: number) {
  const [row] = await db.select().from(supplier).where(eq(supplier.id, id));
  if (!row) return undefined;
  const theirs = and(eq(purchaseInvoice.supplierId, id), eq(purchaseInvoice.state, 'active'));
  const [[sums], [returned], invoices, returns, allTransaction] = await Promise.all([
    db
      .select({ n: count(), ...summedColumns })
      .from(purchaseInvoice)
      .where(theirs),
    db
      .select({ n: count() })
      .from(returnPurchaseInvoice)
      .innerJoin(purchaseInvoice, eq(purchaseInvoice.id, returnPurchaseInvoice.purchaseInvoiceId))
      .where(theirs),
    headerSelect(db)
      .where(theirs)
      .orderBy(desc(purchaseInvoice.id))
      .limit(limit + 1),
    returnHeaderSelect(db)
      .where(theirs)
      .orderBy(desc(returnPurchaseInvoice.id))
      .limit(limit + 1),
    newestEntriesOf(
      db,
      ['purchase', 'purchaseReturn'],
      db.select({ id: purchaseInvoice.id }).from(purchaseInvoice).where(theirs),
      limit + 1,
    ),
  ]);
  return {
    ...row,
    ...sumDerived(sums ? [sums] : []),
    totalPurchaseInvoice: sums?.n ?? 0,
    totalReturnPurchaseInvoice: returned?.n ?? 0,
    purchaseInvoice: invoices.slice(0, limit).map(withPaymentStatus),
    returnPurchaseInvoice: returns.slice(0, limit),
    allTransaction: allTransaction.slice(0, limit),
    rowLimit: limit,
    truncated: [invoices, returns, allTransaction].some((list) => list.length > limit),
  };
}

/** What suppliers add to the resource factory: the statement as the single record, and query=report. */
export function supplierExtras(ctx: AppContext): Partial<ResourceDefinition> {
  const presentDetail = checkedPresenter<Record<string, unknown>>(supplierDetailOut, 'GET supplier/{id}', ctx.config);
  const presentReport = checkedPresenter(supplierReportOut, 'GET supplier?query=report', ctx.config);
  return {
    single: async (db, id) => {
      const detail = await supplierDetail(db, id, ctx.config.statementRowLimit);
      return detail && presentDetail(detail);
    },
    modes: {
      report: async (_req, q) => {
        // one more than an unpaged answer may hold, to tell a list too long for it (a 400 naming query)
        const suppliers = unpagedWithin(
          q,
          await ctx.db
            .select()
            .from(supplier)
            .where(eq(supplier.status, true))
            .orderBy(asc(supplier.name), asc(supplier.id))
            .limit(maxUnpaged + 1),
        );
        // each supplier's figures summed by the database from the kept columns: no invoice row reaches Node
        const sums = await ctx.db
          .select({ supplierId: purchaseInvoice.supplierId, ...summedColumns })
          .from(purchaseInvoice)
          .where(eq(purchaseInvoice.state, 'active'))
          .groupBy(purchaseInvoice.supplierId);
        const bySupplier = new Map(sums.map((s) => [s.supplierId, s]));
        const shown = suppliers.flatMap((s) => bySupplier.get(s.id) ?? []);
        const allSupplier = suppliers.map((s) => ({
          id: s.id,
          name: s.name,
          phone: s.phone,
          ...sumDerived(bySupplier.has(s.id) ? [bySupplier.get(s.id)!] : []),
        }));
        const grand = sumDerived(shown);
        return presentReport({
          grandData: {
            grandTotalAmount: grand.totalAmount,
            grandTotalPaidAmount: grand.totalPaidAmount,
            grandTotalReturnAmount: grand.totalReturnAmount,
            grandInstantPaidReturnAmount: grand.instantPaidReturnAmount,
            grandDueAmount: grand.dueAmount,
          },
          allSupplier,
        });
      },
    },
  };
}
