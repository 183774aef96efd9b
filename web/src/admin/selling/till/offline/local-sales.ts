import { routes, toCents } from '@tillbook/contract';
import { api } from '../../../../lib/api.ts';
import type { SaleDetail } from '../Receipt.tsx';
import { allOf, write } from './idb.ts';

/**
 * The sales a till keeps (issue 33): those it made and those it looked up for a return, as `GET sale-invoice/:id`
 * answered them, the newest `kept`; offline, a return is made against one of them. A return made offline is
 * counted into the kept sale at once, so a second one cannot give back the same goods twice.
 */
const kept = 300;

const idOf = (sale: SaleDetail) => sale.singleSaleInvoice.id;

/** Keeps a sale (replacing what was kept of it), dropping the oldest beyond the newest `kept`. */
export async function keepSale(sale: SaleDetail): Promise<void> {
  const all = await allOf<SaleDetail>('sales');
  const older = all
    .filter((s) => idOf(s) !== idOf(sale))
    .sort((a, b) => idOf(b) - idOf(a))
    .slice(kept - 1)
    .map(idOf);
  await write('sales', [sale], older);
}

/** Reads a sale the till has just made and keeps it (in the background: the next sale does not wait for it). */
export async function keepSaleById(id: number): Promise<void> {
  const answer = await api(routes.sale.get, { params: { id } });
  if (answer.error === undefined) await keepSale(answer.data);
}

/** The kept sale of a receipt reference ("T1-20261127-0042") or an invoice number, else undefined. */
export async function keptSale(wanted: { reference: string } | { number: number }): Promise<SaleDetail | undefined> {
  return (await allOf<SaleDetail>('sales')).find((s) =>
    'reference' in wanted ? s.singleSaleInvoice.receiptReference === wanted.reference : s.singleSaleInvoice.number === wanted.number,
  );
}

/** The kept sale with a return queued offline counted in: its lines' returned quantities and the money given back. */
export async function returnedOffline(sale: SaleDetail, quantities: Record<number, number>, refundCents: number): Promise<SaleDetail> {
  const invoice = sale.singleSaleInvoice;
  const after: SaleDetail = {
    ...sale,
    instantPaidReturnAmount: (toCents(sale.instantPaidReturnAmount) + refundCents) / 100,
    singleSaleInvoice: {
      ...invoice,
      saleInvoiceProduct: invoice.saleInvoiceProduct.map((l) => ({ ...l, returnedQuantity: l.returnedQuantity + (quantities[l.id] ?? 0) })),
    },
  };
  await keepSale(after);
  return after;
}
