import { z } from 'zod';
import { out, recordOut } from '../answers.ts';
import { endpoint, listQuery } from '../endpoint.ts';
import { type PurchaseReorderLine, purchaseReorderInput, purchaseReorderLines, purchaseRequestLifecycle } from '../inventory.ts';
import { statusBody } from '../status.ts';

/**
 * POST purchase-reorder-invoice takes an array of lines or {products: [...]}; the fields of a refused
 * line are named as sent ('0.productQuantity' or 'products.0.productQuantity').
 */
export const purchaseRequestBody = z
  .custom<PurchaseReorderLine[] | { products: PurchaseReorderLine[] }>(() => true)
  .transform((value, ctx) => {
    const isArray = Array.isArray(value);
    const result = (isArray ? purchaseReorderLines : purchaseReorderInput).safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    const lines = Array.isArray(result.data) ? result.data : result.data.products;
    return { lines, fieldPrefix: isArray ? '' : 'products.' };
  });

const requestState = z.enum(purchaseRequestLifecycle.states);
/** A request's state and, once received, the purchase invoice it became. */
const requestProgress = { state: requestState, purchaseInvoiceId: out.optionalId };

export const reorderRowOut = z.object({
  ...recordOut,
  /** A variant's row (its SKU, stock and reorder level; `id` stays its product's): one row per variant low on stock. */
  productVariantId: out.optionalId.optional(),
  name: out.text,
  sku: out.text,
  productThumbnailImage: out.optionalText,
  productQuantity: out.int,
  reorderQuantity: out.int,
  productPurchasePrice: out.money,
  productSalePrice: out.money,
  /** The product's latest purchase request: its code and state; null when it was never requested. */
  requestCode: out.optionalText,
  requestState: requestState.nullable(),
});
export type ReorderRow = z.infer<typeof reorderRowOut>;

export const purchaseRequestOut = z.object({
  reorderInvoiceId: out.text,
  createdAt: out.timestamp,
  updatedAt: out.timestamp,
  status: out.status,
  ...requestProgress,
  lineCount: out.int,
});
export type PurchaseRequest = z.infer<typeof purchaseRequestOut>;

export const purchaseRequestLineOut = z.object({
  ...recordOut,
  /** The request the line belongs to. */
  reorderInvoiceId: out.text,
  productId: out.id,
  productVariantId: out.optionalId.optional(),
  reorderProductQuantity: out.int,
  product: z.object({
    id: out.id,
    name: out.text,
    sku: out.text,
    productQuantity: out.int,
    reorderQuantity: out.int,
    /** The average cost now: what receiving the request starts its unit cost from. */
    productPurchasePrice: out.money,
    /** Its VAT type: what receiving the request starts each line's VAT from. */
    productVatId: out.optionalId,
  }),
});
export type PurchaseRequestLine = z.infer<typeof purchaseRequestLineOut>;

export const purchaseRequestDetailOut = z.object({
  reorderInvoiceId: out.text,
  createdAt: out.timestamp,
  updatedAt: out.timestamp,
  status: out.status,
  ...requestProgress,
  productList: z.array(purchaseRequestLineOut),
});
export type PurchaseRequestDetail = z.infer<typeof purchaseRequestDetailOut>;

/** The reorder list (products at or below their reorder level) and the purchase requests made from it. */
export const reorderEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'reorder-quantity',
    access: 'readAll-reorderQuantity',
    query: listQuery({ sortable: ['name', 'sku', 'productQuantity', 'reorderQuantity'] }),
    answer: z.object({ getAllReOderList: z.array(reorderRowOut), _count: z.object({ id: out.int }) }),
  }),
  createRequest: endpoint({
    method: 'POST',
    path: 'purchase-reorder-invoice',
    access: 'create-purchaseReorderInvoice',
    body: purchaseRequestBody,
    answer: purchaseRequestDetailOut,
    status: 201,
  }),
  listRequests: endpoint({
    method: 'GET',
    path: 'purchase-reorder-invoice',
    access: 'readAll-purchaseReorderInvoice',
    query: listQuery(),
    answer: z.object({ getAllPurchaseReorderInvoice: z.array(purchaseRequestOut), totalReorderInvoice: out.int }),
  }),
  getRequest: endpoint({
    method: 'GET',
    path: 'purchase-reorder-invoice/:code',
    access: 'readSingle-purchaseReorderInvoice',
    answer: purchaseRequestDetailOut,
  }),
  /** {status: 'false'} cancels an open request (requested → cancelled); 'true' keeps an open one open. */
  cancelRequest: endpoint({
    method: 'PATCH',
    path: 'purchase-reorder-invoice/:code',
    access: 'update-purchaseReorderInvoice',
    body: statusBody,
    answer: purchaseRequestDetailOut,
  }),
  /** Deletes a request that was not received (a received one is kept: it names its purchase invoice). */
  deleteRequest: endpoint({
    method: 'DELETE',
    path: 'purchase-reorder-invoice/:code',
    access: 'delete-purchaseReorderInvoice',
    answer: z.object({ reorderInvoiceId: out.text, count: out.int }),
  }),
};
