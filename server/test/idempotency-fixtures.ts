import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Answer, TestApp } from './harness.ts';
import { makeSupplier } from './purchase-fixtures.ts';
import { askReturn, deliveredOrder, moveReturn } from './return-fixtures.ts';
import { namedCustomer, paymentMethods, referenceProduct, rows } from './sale-fixtures.ts';
import { type CheckoutSetup, checkoutSetup, shopperWithCart } from './shop-fixtures.ts';

/** The tables a document writes: their row counts show whether a request wrote anything. */
const writtenTables = [
  'sale_invoice',
  'sale_invoice_product',
  'return_sale_invoice',
  'purchase_invoice',
  'return_purchase_invoice',
  'adjust_invoice',
  'purchase_reorder_invoice',
  'cart_order',
  'order_status_history',
  'manual_payment',
  'return_cart_order',
  'stock_movement',
  '"transaction"',
  'outbox',
];

/** Row counts of every table a document writes, and the stock on hand in all. */
export async function writtenCounts(t: TestApp): Promise<Record<string, number>> {
  const counts = writtenTables.map((table) => `(select count(*) from ${table})::int as "${table.replaceAll('"', '')}"`);
  const [row] = await rows(
    t,
    sql.raw(`select ${counts.join(', ')}, (select coalesce(sum(product_quantity), 0) from product)::int as "onHand"`),
  );
  return row;
}

/** A request that makes a document: who sends it, where, with what. */
export interface DocumentRequest {
  method: 'POST' | 'PUT';
  url: string;
  token: string;
  body: unknown;
}

/** What a document's answer is, less the words around it (a repeat of a checkout says so). */
export const documentOf = (answer: Answer) => {
  const { message: _, ...rest } = answer.body as Record<string, unknown>;
  return rest;
};

export const send = (t: TestApp, request: DocumentRequest, key?: string) =>
  t.call(request.method, request.url, { token: request.token, body: request.body, headers: key ? { 'Idempotency-Key': key } : {} });

let counter = 0;

/** Every request that makes a document, each with what it needs made first (through the API). */
export function documentRequests(t: TestApp, owner: () => string) {
  let methods: { cash: number; card: number } | undefined;
  let shop: CheckoutSetup | undefined;
  const cash = async () => {
    methods ??= await paymentMethods(t, owner());
    return methods.cash;
  };
  const setup = async () => {
    shop ??= await checkoutSetup(t, owner(), 4);
    return shop;
  };
  const made = async (answer: Promise<Answer>, status = 201) => {
    const done = await answer;
    expect(done.status, JSON.stringify(done.body)).toBe(status);
    return done.body;
  };
  const sale = async (paid: number, customerId?: number) => {
    const p = await referenceProduct(t, 10);
    const body = await made(
      t.call('POST', '/v1/sale-invoice', {
        token: owner(),
        body: {
          ...(customerId ? { customerId } : {}),
          saleInvoiceProduct: [{ productId: p.id, productQuantity: 2 }],
          paidAmount: [{ paymentType: await cash(), amount: paid }],
        },
      }),
    );
    return body.createdInvoice as { id: number; saleInvoiceProduct: { id: number }[] };
  };
  const purchase = async () => {
    const p = await referenceProduct(t, 0);
    const supplierId = await makeSupplier(t, owner(), `Idem supplier ${process.pid}-${counter++}`);
    const body = await made(
      t.call('POST', '/v1/purchase-invoice', {
        token: owner(),
        body: {
          supplierId,
          paidAmount: [{ amount: 1 }],
          purchaseInvoiceProduct: [{ productId: p.id, productQuantity: 4, productUnitPurchasePrice: 5, tax: 0 }],
        },
      }),
    );
    return body.createdInvoice as { id: number; purchaseInvoiceProduct: { id: number }[] };
  };
  const delivered = async () => {
    const p = await referenceProduct(t, 10);
    return deliveredOrder(t, owner(), await setup(), [{ productId: p.id, productQuantity: 2 }]);
  };

  const cases: Record<string, () => Promise<DocumentRequest>> = {
    'a sale': async () => {
      const p = await referenceProduct(t, 10);
      const body = {
        saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }],
        paidAmount: [{ paymentType: await cash(), amount: 20 }],
      };
      return { method: 'POST', url: '/v1/sale-invoice', token: owner(), body };
    },
    'a held sale': async () => {
      const p = await referenceProduct(t, 10);
      return {
        method: 'POST',
        url: '/v1/sale-invoice',
        token: owner(),
        body: { isHold: 'true', saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }] },
      };
    },
    'a held sale completed': async () => {
      const p = await referenceProduct(t, 10);
      const line = [{ productId: p.id, productQuantity: 2 }];
      const held = await made(t.call('POST', '/v1/sale-invoice', { token: owner(), body: { isHold: 'true', saleInvoiceProduct: line } }));
      const body = { saleInvoiceProduct: line, paidAmount: [{ paymentType: await cash(), amount: 100 }] };
      return { method: 'PUT', url: `/v1/sale-invoice/hold/${held.createdInvoice.id}`, token: owner(), body };
    },
    "a customer's payment": async () => {
      const invoice = await sale(5, await namedCustomer(t, owner()));
      return {
        method: 'POST',
        url: '/v1/payment-sale-invoice',
        token: owner(),
        body: { saleInvoiceNo: invoice.id, paidAmount: [{ paymentType: await cash(), amount: 2 }] },
      };
    },
    'a sale return': async () => {
      const invoice = await sale(100);
      const body = {
        saleInvoiceId: invoice.id,
        returnSaleInvoiceProduct: [{ saleInvoiceProductId: invoice.saleInvoiceProduct[0]!.id, productQuantity: 1 }],
      };
      return { method: 'POST', url: '/v1/return-sale-invoice', token: owner(), body };
    },
    'a purchase': async () => {
      const p = await referenceProduct(t, 0);
      const supplierId = await makeSupplier(t, owner(), `Idem supplier ${process.pid}-${counter++}`);
      const body = {
        supplierId,
        paidAmount: [{ amount: 3 }],
        purchaseInvoiceProduct: [{ productId: p.id, productQuantity: 3, productUnitPurchasePrice: 5, tax: 0 }],
      };
      return { method: 'POST', url: '/v1/purchase-invoice', token: owner(), body };
    },
    'a purchase return': async () => {
      const invoice = await purchase();
      const body = {
        purchaseInvoiceId: invoice.id,
        returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: invoice.purchaseInvoiceProduct[0]!.id, productQuantity: 1 }],
      };
      return { method: 'POST', url: '/v1/return-purchase-invoice', token: owner(), body };
    },
    "a supplier's payment": async () => {
      const invoice = await purchase();
      return {
        method: 'POST',
        url: '/v1/payment-purchase-invoice',
        token: owner(),
        body: { purchaseInvoiceNo: invoice.id, paidAmount: [{ amount: 2 }] },
      };
    },
    'a stock adjustment': async () => {
      const p = await referenceProduct(t, 10);
      return {
        method: 'POST',
        url: '/v1/adjust-inventory',
        token: owner(),
        body: { adjustInvoiceProduct: [{ productId: p.id, adjustQuantity: 2, adjustType: 'decrement' }] },
      };
    },
    'a manual journal entry': async () => {
      const accounts = await rows(t, sql`select id, system_key from sub_account where system_key in ('cash', 'bank')`);
      const id = (key: string) => accounts.find((a) => a.system_key === key).id as number;
      const body = { date: '2026-05-03', particulars: 'Cash to the bank', debitId: id('bank'), creditId: id('cash'), amount: 40 };
      return { method: 'POST', url: '/v1/transaction', token: owner(), body };
    },
    'a purchase request': async () => {
      const p = await referenceProduct(t, 1);
      return { method: 'POST', url: '/v1/purchase-reorder-invoice', token: owner(), body: [{ productId: p.id, productQuantity: 6 }] };
    },
    "a shopper's checkout": async () => {
      const p = await referenceProduct(t, 10);
      const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 2 }]);
      const s = await setup();
      return { method: 'POST', url: '/v1/cart-order', token: shopper.token, body: { deliveryFeeId: s.feeId, paymentMethodId: s.cod } };
    },
    "a shopper's order (create-order)": async () => {
      const p = await referenceProduct(t, 10);
      const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 1 }]);
      const s = await setup();
      return {
        method: 'POST',
        url: '/v1/e-commerce/orders/create-order',
        token: shopper.token,
        body: { deliveryFeeId: s.feeId, paymentMethodId: s.cod },
      };
    },
    "a shopper's manual payment": async () => {
      const p = await referenceProduct(t, 10);
      const shopper = await shopperWithCart(t, [{ productId: p.id, productQuantity: 1 }]);
      const s = await setup();
      const paid = { paymentMethodId: s.bank, CustomerAccount: 'DE00 1', CustomerTransactionId: `TX-IDEM-${counter++}` };
      const order = await made(t.call('POST', '/v1/cart-order', { token: shopper.token, body: { deliveryFeeId: s.feeId, ...paid } }));
      const orderId = order.createdCartOrder.id as number;
      const list = await made(t.call('GET', '/v1/manual-payment', { token: owner(), query: { cartOrderId: String(orderId) } }), 200);
      const rejected = t.call('PUT', `/v1/manual-payment/verify/${list.getAllManualPayment[0].id}`, {
        token: owner(),
        body: { isVerified: 'Reject' },
      });
      await made(rejected, 200);
      return { method: 'POST', url: '/v1/manual-payment', token: shopper.token, body: { cartOrderId: orderId, ...paid } };
    },
    "a shopper's return": async () => {
      const { shopper, order } = await delivered();
      const body = {
        cartOrderId: order.id,
        returnType: 'REFUND',
        returnCartOrderProduct: [{ cartOrderProductId: order.cartOrderProduct[0]!.id, productQuantity: 1 }],
      };
      return { method: 'POST', url: '/v1/return-cart-order', token: shopper.token, body };
    },
    'a replacement order': async () => {
      const { shopper, order } = await delivered();
      const asked = await askReturn(t, shopper, {
        cartOrderId: order.id,
        returnType: 'PRODUCT',
        returnCartOrderProduct: [{ cartOrderProductId: order.cartOrderProduct[0]!.id, productQuantity: 1 }],
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      const id = asked.body.singleReturnCartOrder.id as number;
      for (const status of ['RECEIVED', 'RESEND']) await made(moveReturn(t, owner(), id, status), 200);
      return { method: 'POST', url: '/v1/cart-order/reOrder', token: owner(), body: { cartOrderId: order.id, returnCartOrderId: id } };
    },
  };
  return cases;
}
