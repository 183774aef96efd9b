import { type SaleState, saleLifecycle, stockDocuments } from '@tillbook/contract';
import type { LifecycleDocument } from '../../platform/transition.ts';
import { saleInvoice } from '../../schema/index.ts';

/** A sale's movements and entries name it by this document type and its id. */
export const saleDocument = stockDocuments.sale;

/** The sale invoice as a lifecycle document: its state moves only through saleLifecycle. */
export const saleDoc: LifecycleDocument<SaleState> = {
  table: saleInvoice,
  state: saleInvoice.state,
  lifecycle: saleLifecycle,
  label: 'Sale invoice',
};
