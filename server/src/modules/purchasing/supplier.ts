import { supplierDetailOut, supplierReportOut } from '@tillbook/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { checkedPresenter } from '../../platform/presenter.ts';
import type { ResourceDefinition } from '../../platform/resource-factory.ts';
import { purchaseInvoice, returnPurchaseInvoice, supplier, transaction } from '../../schema/index.ts';
import { entriesWhere, liveEntry } from '../accounting/index.ts';
import { sumDerived, summedColumns } from './balances.ts';
import { headerSelect, returnHeaderSelect, withPaymentStatus } from './purchase-read.ts';

/** Active invoices (undone ones are out of every statement) with their derived figures. */
const activeInvoices = (db: DbOrTx, supplierIds?: number[]) =>
  headerSelect(db)
    .where(and(eq(purchaseInvoice.state, 'active'), supplierIds ? inArray(purchaseInvoice.supplierId, supplierIds) : undefined))
    .orderBy(asc(purchaseInvoice.id));

/** GET supplier/{id}: the supplier with its invoices, returns, ledger rows and what it is owed (3.14). */
async function supplierDetail(db: DbOrTx, id: number) {
  const [row] = await db.select().from(supplier).where(eq(supplier.id, id));
  if (!row) return undefined;
  const invoices = await activeInvoices(db, [id]);
  const ids = invoices.map((i) => i.id);
  const keys = ids.map(String);
  const returns = ids.length
    ? await returnHeaderSelect(db).where(inArray(returnPurchaseInvoice.purchaseInvoiceId, ids)).orderBy(asc(returnPurchaseInvoice.id))
    : [];
  const allTransaction = keys.length
    ? await entriesWhere(
        db,
        and(inArray(transaction.relatedId, keys), sql`${transaction.type} in ('purchase', 'purchaseReturn')`, liveEntry()),
      ).orderBy(asc(transaction.id))
    : [];
  return {
    ...row,
    ...sumDerived(invoices),
    totalPurchaseInvoice: invoices.length,
    totalReturnPurchaseInvoice: returns.length,
    purchaseInvoice: invoices.map(withPaymentStatus),
    returnPurchaseInvoice: returns,
    allTransaction,
  };
}

/** What suppliers add to the resource factory: the statement as the single record, and query=report. */
export function supplierExtras(ctx: AppContext): Partial<ResourceDefinition> {
  const presentDetail = checkedPresenter<Record<string, unknown>>(supplierDetailOut, 'GET supplier/{id}', ctx.config);
  const presentReport = checkedPresenter(supplierReportOut, 'GET supplier?query=report', ctx.config);
  return {
    single: async (db, id) => {
      const detail = await supplierDetail(db, id);
      return detail && presentDetail(detail);
    },
    modes: {
      report: async () => {
        const suppliers = await ctx.db
          .select()
          .from(supplier)
          .where(eq(supplier.status, true))
          .orderBy(asc(supplier.name), asc(supplier.id));
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
