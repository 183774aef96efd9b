import { useQuery } from '@tanstack/react-query';
import {
  type CustomerRecord,
  customerName,
  type PageSizeRecord,
  type PaymentMethodRecord,
  records,
  routes,
  rowsOf,
  walkInCustomerName,
} from '@tillbook/contract';
import { api } from '../../../lib/api.ts';
import { must } from '../../../lib/http.ts';
import type { TillProduct } from './cart.ts';
import { searchCustomerCopy } from './offline/local-customers.ts';
import { serverReachable } from './offline/sale-queue.ts';
import { type VariantChoice, variantChoices } from './till-variants.ts';

/** A payment method as the till offers it. */
export type TillMethod = PaymentMethodRecord;
export type PageSize = PageSizeRecord;
export type CustomerRow = CustomerRecord;

/** A cash method gives change: one whose money lands in the Cash account, as the server decides. */
export const isCashMethod = (method: Pick<TillMethod, 'cash'> | undefined) => method?.cash === 'true';

/** The payment methods offered at the till: active ones, in the list's order. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: ['till', 'payment-method'],
    queryFn: () => must(api(records.paymentMethod.list, { query: { query: 'all', status: 'true' } })),
    // a method for deliveries (cash on delivery) is not offered at the counter
    select: (answer) =>
      rowsOf(answer, 'PaymentMethod').filter((m) => m.isActive !== 'false' && m.atTill !== 'false' && m.status !== 'false'),
    staleTime: 60_000,
  });
}

/** The page sizes receipts and invoices are printed on. */
export function usePageSizes() {
  return useQuery({
    queryKey: ['till', 'page-size'],
    queryFn: () => must(api(records.pageSize.list, { query: { query: 'all', status: 'true' } })),
    select: (answer) => rowsOf(answer, 'PageSize'),
    staleTime: 60_000,
  });
}

/** A customer the till offers: offline, from its copy, with what the customer owed when last read. */
export interface TillCustomerChoice {
  id: number;
  name: string;
  phone: string | null;
  /** Offline: the due as last read (the till cannot know today's). */
  lastKnownDue?: number;
}

/**
 * Customers whose name, phone, e-mail or address holds `key` (the first ones when there is no key), the walk-in
 * customer left out; from the till's copy when the server cannot be reached (issue 33).
 */
export async function searchCustomers(key: string): Promise<TillCustomerChoice[]> {
  const fromCopy = async () =>
    (await searchCustomerCopy(key)).map((c) => ({ id: c.id, name: c.name, phone: c.phone, lastKnownDue: c.due }));
  if (!serverReachable()) return fromCopy();
  const filters = key.trim() ? { query: 'search', key: key.trim(), count: 20 } : { count: 20 };
  const answer = await api(records.customer.list, { query: filters });
  if (answer.error !== undefined) return answer.status === 0 ? fromCopy() : [];
  return rowsOf(answer.data, 'Customer')
    .filter((c) => c.username !== walkInCustomerName)
    .map((c) => ({ id: c.id, name: customerName(c) || `#${c.id}`, phone: c.phone ?? null }));
}

/** What `tillProduct` answers when the server could not be reached (the till then reads its own copy). */
export const unreachable = 'The server could not be reached';

/**
 * The product as the public answer prices it (the same `unitPrice` the server charges with), and, for a
 * product sold by variants, its variants on sale (each as the till adds it: see `variantChoices`).
 */
export async function tillProduct(id: number): Promise<(TillProduct & { variants?: VariantChoice[] }) | string> {
  const answer = await api(routes.product.publicGet, { params: { id } });
  if (answer.error !== undefined)
    return answer.status === 404 ? 'This product is not for sale' : answer.status === 0 ? unreachable : answer.error;
  const p = answer.data;
  const product: TillProduct = {
    id: p.id,
    name: p.name,
    sku: p.sku,
    productSalePrice: p.productSalePrice,
    vatPercentage: p.vatPercentage ?? 0,
    discount: p.discount,
    productQuantity: p.productQuantity,
  };
  return p.variants ? { ...product, variants: variantChoices(product, p.variants, p) } : product;
}

/** A page size's width and height in millimetres. */
export function sizeInMm(size: Pick<PageSize, 'width' | 'height' | 'unit'>) {
  const factor = size.unit === 'inches' ? 25.4 : size.unit === 'cm' ? 10 : 1;
  return { width: Math.round(size.width * factor * 10) / 10, height: Math.round(size.height * factor * 10) / 10 };
}

/** The receipt's page: a narrow roll (up to 90 mm) gets the receipt layout, anything wider the invoice. */
export const isReceiptSize = (size: Pick<PageSize, 'width' | 'height' | 'unit'>) => sizeInMm(size).width <= 90;

/** The page size asked for (`size`), else the 80 mm roll, else the first receipt size, else the first. */
export function chooseSize(sizes: PageSize[], asked: string | null): PageSize | undefined {
  return sizes.find((s) => String(s.id) === asked) ?? sizes.find((s) => sizeInMm(s).width === 80) ?? sizes.find(isReceiptSize) ?? sizes[0];
}
