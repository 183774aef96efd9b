import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { resealAsOlderVersion } from './invariants.ts';
import { askReturn, deliveredOrder, flatDiscountProduct, moveReturn, newCoupon, orderOf, returnPostingsOf } from './return-fixtures.ts';
import { type CheckoutSetup, checkoutSetup, orderPostingsOf, rows, shopProduct } from './shop-fixtures.ts';
import { ledgerVatByRate } from './vat-ledger.ts';

/** Returns of web orders, figure by figure (reference 3.18 with its defects fixed). */
const t = useTestApp({ invariants: true });
let owner: string;
let setup: CheckoutSetup;

beforeAll(async () => {
  owner = await t.ownerToken();
  setup = await checkoutSetup(t, owner, 5);
});

const mailsTo = async (email: string) =>
  (await rows(t, sql`select subject from outbox where kind = 'order' and ${email} = any("to") order by id`)).map(
    (m) => m.subject as string,
  );

describe('a partial return refunded', () => {
  test('one unit of a line with a flat discount, from an order with a coupon: amounts, stock, postings, the order figures and profit', async () => {
    const p = await shopProduct(t, 10);
    const q = await flatDiscountProduct(t, owner);
    const coupon = await newCoupon(t, owner, { type: 'percentage', value: 10 });
    const { shopper, order } = await deliveredOrder(
      t,
      owner,
      setup,
      [
        { productId: p.id, productQuantity: 3 },
        { productId: q.id, productQuantity: 2 },
      ],
      { couponCode: coupon.couponCode },
    );
    // goods 3 × 13.20 + 2 × 12.10 = 63.80; coupon 10 % = 6.38; fee 5 → 62.42, paid on delivery
    const before = await orderOf(t, owner, order.id);
    expect(before.singleCartOrder).toMatchObject({
      productAmount: 63.8,
      couponAmount: 6.38,
      totalAmount: 62.42,
      paidAmount: 62.42,
      totalVatAmount: 5.22,
    });
    // the coupon over the lines by amount: 3.96 and 2.42; each line's VAT less the VAT in its share (0.36, 0.22)
    expect(
      before.singleCartOrder.cartOrderProduct.map((l: { lineTotal: number; couponShare: number; vatAmount: number }) => [
        l.lineTotal,
        l.couponShare,
        l.vatAmount,
      ]),
    ).toEqual([
      [39.6, 3.96, 3.24],
      [24.2, 2.42, 1.98],
    ]);
    expect(await ledgerVatByRate(t, ['order'], order.id)).toEqual({ '10': 5.22 });
    // profit: net after the coupon 32.40 + 19.80 − cost 25
    expect(before.singleCartOrder.profit).toBe(27.2);
    const qLine = order.cartOrderProduct.find((l) => l.productId === q.id)!;
    expect(before.singleCartOrder.cartOrderProduct.map((l: { returnableQuantity: number }) => l.returnableQuantity)).toEqual([3, 2]);

    const asked = await askReturn(t, shopper, {
      cartOrderId: order.id,
      returnType: 'REFUND',
      note: 'The lid is cracked',
      returnCartOrderProduct: [{ cartOrderProductId: qLine.id, productQuantity: 1 }],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const made = asked.body.singleReturnCartOrder;
    // one of two units: its 12.10, half the VAT charged on the line (0.99 of 1.98) and its own 1.00 discount (not the line's 2.00);
    // half the line's coupon share 2.42 = 1.21; back to the shopper 12.10 − 1.21 = 10.89
    expect(made).toMatchObject({
      cartOrderId: order.id,
      customerId: shopper.id,
      returnType: 'REFUND',
      returnCartOrderStatus: 'PENDING',
      totalAmount: 10.89,
      totalVatAmount: 0.99,
      totalDiscountAmount: 1,
      couponAmount: 1.21,
      note: 'The lid is cracked',
      totalQuantity: 1,
      resendCartOrderId: null,
    });
    expect(made).not.toHaveProperty('cost');
    expect(made.returnCartOrderProduct).toEqual([
      expect.objectContaining({
        cartOrderProductId: qLine.id,
        productQuantity: 1,
        unitPrice: 12.1,
        lineTotal: 12.1,
        vatAmount: 0.99,
        couponShare: 1.21,
        discount: 1,
      }),
    ]);
    expect(made.returnCartOrderProduct[0]).not.toHaveProperty('unitCost');
    expect(asked.body.nextStatuses).toEqual(['RECEIVED', 'REJECTED']);
    // nothing moves until the goods are back
    expect((await readProduct(t, q.id)).productQuantity).toBe(8);
    expect(await returnPostingsOf(t, order.id)).toEqual([]);

    const staffView = await t.call('GET', `/v1/return-cart-order/${made.id}`, { token: owner });
    expect(staffView.body.singleReturnCartOrder).toMatchObject({ cost: 5 });
    expect(staffView.body.singleReturnCartOrder.returnCartOrderProduct[0]).toMatchObject({ unitCost: 5 });
    expect(staffView.body.singleReturnCartOrder.cartOrder).toMatchObject({ id: order.id, orderStatus: 'DELIVERED', profit: 27.2 });

    const received = await moveReturn(t, owner, made.id, 'RECEIVED');
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body).toMatchObject({ id: made.id, returnCartOrderStatus: 'RECEIVED' });
    expect((await readProduct(t, q.id)).productQuantity).toBe(9);
    expect((await readProduct(t, q.id)).productPurchasePrice).toBe(5);
    // sales net of the share (12.10 − 1.21 − 0.99) and exactly the VAT charged on the unit: no discount given
    expect(await returnPostingsOf(t, order.id)).toEqual([
      ['Inventory', 'Cost of Sales', 5],
      ['Sales', 'Accounts Receivable', 9.9],
      ['Tax', 'Accounts Receivable', 0.99],
    ]);
    expect(await ledgerVatByRate(t, ['order', 'orderReturn'], order.id)).toEqual({ '10': 4.23 });
    const owing = await orderOf(t, owner, order.id);
    // the receivable shows what the shop owes the shopper; profit −= 9.90 − 5
    expect(owing.singleCartOrder).toMatchObject({ orderStatus: 'DELIVERED', paidAmount: 62.42, dueAmount: -10.89, profit: 22.3 });
    expect(owing.singleCartOrder.cartOrderProduct.map((l: { returnableQuantity: number }) => l.returnableQuantity)).toEqual([3, 1]);
    expect(owing.singleCartOrder.returnCartOrder).toEqual([
      {
        id: made.id,
        date: made.date,
        returnCartOrderStatus: 'RECEIVED',
        returnType: 'REFUND',
        totalAmount: 10.89,
        resendCartOrderId: null,
        returnCartOrderProduct: [{ cartOrderProductId: qLine.id, productQuantity: 1 }],
      },
    ]);
    expect((await t.call('GET', `/v1/return-cart-order/${made.id}`, { token: owner })).body.nextStatuses).toEqual(['REFUNDED']);

    const refunded = await moveReturn(t, owner, made.id, 'REFUNDED');
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect((await returnPostingsOf(t, order.id)).at(-1)).toEqual(['Accounts Receivable', 'Cash', 10.89]);
    const settled = await orderOf(t, owner, order.id);
    expect(settled.singleCartOrder).toMatchObject({ paidAmount: 51.53, dueAmount: 0, profit: 22.3, orderStatus: 'DELIVERED' });
    // the order's own postings are untouched; its page lists both kinds
    expect((await orderPostingsOf(t, order.id)).length).toBe(5);
    expect(settled.transactions.map((e: { type: string }) => e.type)).toEqual([...Array(5).fill('order'), ...Array(4).fill('orderReturn')]);

    // the return's page lists its own entries for staff
    const books = await t.call('GET', `/v1/return-cart-order/${made.id}`, { token: owner });
    expect(books.body.transactions.map((e: { debit: string; credit: string; amount: number }) => [e.debit, e.credit, e.amount])).toEqual(
      await returnPostingsOf(t, order.id),
    );
    expect(books.body.transactions).toHaveLength(4);
    // the shopper sees REFUNDED, and was mailed at each step
    const mine = await t.call('GET', `/v1/return-cart-order/${made.id}`, { token: shopper.token });
    expect(mine.status).toBe(200);
    expect(mine.body.transactions).toEqual([]);
    expect(mine.body.singleReturnCartOrder).toMatchObject({ returnCartOrderStatus: 'REFUNDED' });
    expect(mine.body.singleReturnCartOrder.cartOrder).not.toHaveProperty('profit');
    expect((await mailsTo(shopper.email)).filter((s) => s.startsWith('Return'))).toEqual([
      expect.stringContaining(`Return #${made.id} of order #${order.id}: pending`),
      expect.stringContaining('received'),
      expect.stringContaining('refunded'),
    ]);
  });

  test('the reference one-line form is accepted; the whole order back makes it RETURNED and the last return takes the rest of the coupon', async () => {
    const p = await shopProduct(t, 10);
    const coupon = await newCoupon(t, owner, { type: 'flat', value: 1 });
    const { shopper, order } = await deliveredOrder(t, owner, setup, [{ productId: p.id, productQuantity: 3 }], {
      couponCode: coupon.couponCode,
    });
    const line = order.cartOrderProduct[0]!;
    const ids: number[] = [];
    // coupon 1.00, all on the one line: a unit's share is 0.333 → 0.33, twice; the last unit takes 0.34
    for (const [n, share] of [
      [1, 0.33],
      [1, 0.33],
      [1, 0.34],
    ] as const) {
      const asked = await askReturn(t, shopper, {
        cartOrderId: order.id,
        cartOrderProductId: line.id,
        productQuantity: n,
        returnType: 'REFUND',
        note: 'Too small',
        customerId: 999999,
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      expect(asked.body.singleReturnCartOrder).toMatchObject({ couponAmount: share, customerId: shopper.id });
      ids.push(asked.body.singleReturnCartOrder.id);
    }
    for (const id of ids) expect((await moveReturn(t, owner, id, 'RECEIVED')).status).toBe(200);
    const back = await orderOf(t, owner, order.id);
    expect(back.singleCartOrder.orderStatus).toBe('RETURNED');
    expect(back.singleCartOrder.history.at(-1).orderStatus).toBe('RETURNED');
    // every unit back: the sale is undone but for the delivery fee; profit 36 − 1 − 15 less (36 − 1 − 15)
    expect(back.singleCartOrder).toMatchObject({ dueAmount: -38.6, profit: 0 });
    // the line's VAT (3.60 less the 0.09 in the coupon) taken back to the cent: 1.17 three times
    expect(back.singleCartOrder.totalVatAmount).toBe(3.51);
    expect(await ledgerVatByRate(t, ['order', 'orderReturn'], order.id)).toEqual({ '10': 0 });
    expect((await readProduct(t, p.id)).productQuantity).toBe(10);
    const more = await askReturn(t, shopper, {
      cartOrderId: order.id,
      cartOrderProductId: line.id,
      productQuantity: 1,
      returnType: 'REFUND',
    });
    expect(more.status).toBe(409);
    expect(more.body.error).toContain('already been returned');
    for (const id of ids) expect((await moveReturn(t, owner, id, 'REFUNDED')).status).toBe(200);
    expect((await orderOf(t, owner, order.id)).singleCartOrder).toMatchObject({ paidAmount: 5, dueAmount: 0 });
    // staff cannot move an order to RETURNED by hand
    const { order: other } = await deliveredOrder(t, owner, setup, [{ productId: p.id, productQuantity: 1 }]);
    const byHand = await t.call('PATCH', '/v1/cart-order/order', { token: owner, body: { invoiceId: other.id, orderStatus: 'RETURNED' } });
    expect(byHand.status).toBe(409);
    expect(byHand.body.code).toBe('invalid_transition');
  });
});

describe('an order placed before coupons were shared over lines', () => {
  test('keeps its books as posted; its return prorates the coupon and gives it back to discount given', async () => {
    const p = await shopProduct(t, 10);
    const coupon = await newCoupon(t, owner, { type: 'percentage', value: 10 });
    const { shopper, order } = await deliveredOrder(t, owner, setup, [{ productId: p.id, productQuantity: 2 }], {
      couponCode: coupon.couponCode,
    });
    // made as such an order was posted: VAT 2.40 before the coupon, Sales 24.00, the coupon 2.64 a discount given
    const id = String(order.id);
    await t.database.db.execute(sql`update cart_order_product set coupon_share = null, vat_amount = 2.4 where invoice_id = ${order.id}`);
    await t.database.db.execute(sql`update cart_order set total_vat_amount = 2.4, profit = 11.36 where id = ${order.id}`);
    await t.database.db.execute(sql`update "transaction" set amount = 24 where type = 'order' and related_id = ${id}
      and credit_id = (select id from sub_account where system_key = 'sales')`);
    await t.database.db.execute(sql`update "transaction" set amount = 2.4 where type = 'order' and related_id = ${id}
      and credit_id = (select id from sub_account where system_key = 'tax')`);
    await t.database.db.execute(sql`insert into "transaction" (date, debit_id, credit_id, amount, particulars, type, related_id)
      select o.date, (select id from sub_account where system_key = 'discountGiven'), (select id from sub_account where system_key = 'accountsReceivable'),
        2.64, 'coupon', 'order', ${id} from cart_order o where o.id = ${order.id}`);
    await resealAsOlderVersion(t, 'order', order.id);
    const line = order.cartOrderProduct[0]!;
    const asked = await askReturn(t, shopper, {
      cartOrderId: order.id,
      returnType: 'REFUND',
      returnCartOrderProduct: [{ cartOrderProductId: line.id, productQuantity: 1 }],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    // the order's coupon prorated (2.64 × 13.20 / 26.40) and half the VAT charged before it
    expect(asked.body.singleReturnCartOrder).toMatchObject({ totalAmount: 11.88, couponAmount: 1.32, totalVatAmount: 1.2 });
    expect(asked.body.singleReturnCartOrder.returnCartOrderProduct[0]).toMatchObject({ couponShare: null, vatAmount: 1.2 });
    const made = asked.body.singleReturnCartOrder.id;
    expect((await moveReturn(t, owner, made, 'RECEIVED')).status).toBe(200);
    expect((await moveReturn(t, owner, made, 'REFUNDED')).status).toBe(200);
    expect(await returnPostingsOf(t, order.id)).toEqual([
      ['Inventory', 'Cost of Sales', 5],
      ['Sales', 'Accounts Receivable', 12],
      ['Tax', 'Accounts Receivable', 1.2],
      ['Accounts Receivable', 'Discount Given', 1.32],
      ['Accounts Receivable', 'Cash', 11.88],
    ]);
    expect(await ledgerVatByRate(t, ['order', 'orderReturn'], order.id)).toEqual({ '10': 1.2 });
    // profit 11.36 − (12 − 1.32 − 5)
    expect((await orderOf(t, owner, order.id)).singleCartOrder).toMatchObject({ paidAmount: 16.88, dueAmount: 0, profit: 5.68 });
  });
});

describe('a return resent and re-ordered', () => {
  test('PRODUCT: received, resend keeps the coupon, the replacement order at the snapshot prices, paid by the return; AR nets out', async () => {
    const p = await shopProduct(t, 10);
    const coupon = await newCoupon(t, owner, { type: 'percentage', value: 10 });
    const { shopper, order } = await deliveredOrder(t, owner, setup, [{ productId: p.id, productQuantity: 2 }], {
      couponCode: coupon.couponCode,
    });
    // goods 26.40, coupon 2.64, fee 5 → 28.76; VAT 2.40 − 0.24 in the coupon = 2.16; profit 26.40 − 2.64 − 2.16 − 10 = 11.60
    const line = order.cartOrderProduct[0]!;
    // the catalogue price changes after the sale: the replacement keeps the order's price
    await t.database.db.execute(sql`update product set product_sale_price = 20 where id = ${p.id}`);
    const asked = await askReturn(t, shopper, {
      cartOrderId: order.id,
      returnType: 'PRODUCT',
      note: 'Arrived broken',
      returnCartOrderProduct: [{ cartOrderProductId: line.id, productQuantity: 1 }],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = asked.body.singleReturnCartOrder.id;
    expect(asked.body.singleReturnCartOrder).toMatchObject({ totalAmount: 11.88, couponAmount: 1.32, returnType: 'PRODUCT' });
    expect((await moveReturn(t, owner, id, 'RECEIVED')).status).toBe(200);
    expect((await t.call('GET', `/v1/return-cart-order/${id}`, { token: owner })).body.nextStatuses).toEqual(['RESEND']);
    // a PRODUCT return is not refunded
    const refund = await moveReturn(t, owner, id, 'REFUNDED');
    expect(refund.status).toBe(409);
    expect(refund.body.code).toBe('invalid_transition');
    expect((await moveReturn(t, owner, id, 'RESEND')).status).toBe(200);
    const resend = await t.call('GET', `/v1/return-cart-order/${id}`, { token: owner });
    // the shopper keeps the coupon: its share goes with the goods to the replacement; the return's credit is what was paid, 11.88
    expect(resend.body.singleReturnCartOrder).toMatchObject({ returnCartOrderStatus: 'RESEND', totalAmount: 11.88, couponAmount: 1.32 });
    expect(resend.body.nextStatuses).toEqual([]);
    // sales net of the share (13.20 − 1.32 − 1.08) and half the line's VAT; nothing posted for the coupon
    expect(await returnPostingsOf(t, order.id)).toEqual([
      ['Inventory', 'Cost of Sales', 5],
      ['Sales', 'Accounts Receivable', 10.8],
      ['Tax', 'Accounts Receivable', 1.08],
    ]);
    // profit 11.60 − (10.80 − 5)
    expect((await orderOf(t, owner, order.id)).singleCartOrder).toMatchObject({ dueAmount: -11.88, profit: 5.8 });
    const waiting = await t.call('GET', '/v1/return-cart-order/resend', { token: owner });
    expect(waiting.status).toBe(200);
    expect(waiting.body.getAllReturnCartOrder.map((r: { id: number }) => r.id)).toContain(id);
    // RESENDED only comes with the replacement order
    expect((await moveReturn(t, owner, id, 'RESENDED')).status).toBe(409);
    const wrongOrder = await t.call('POST', '/v1/cart-order/reOrder', {
      token: owner,
      body: { cartOrderId: order.id + 1000, returnCartOrderId: id },
    });
    expect(wrongOrder.status).toBe(400);
    expect(wrongOrder.body.fields).toHaveProperty('returnCartOrderId');

    const stockBefore = (await readProduct(t, p.id)).productQuantity;
    const re = await t.call('POST', '/v1/cart-order/reOrder', { token: owner, body: { cartOrderId: order.id, returnCartOrderId: id } });
    expect(re.status, JSON.stringify(re.body)).toBe(201);
    const replacement = re.body.createdCartOrder;
    expect(replacement).toMatchObject({
      orderStatus: 'PENDING',
      customerId: shopper.id,
      productAmount: 13.2,
      totalVatAmount: 1.08,
      couponAmount: 1.32,
      couponId: null,
      deliveryFee: 0,
      totalAmount: 11.88,
      paidAmount: 11.88,
      dueAmount: 0,
      isReOrdered: 'true',
      previousCartOrderId: order.id,
      profit: 5.8,
    });
    expect(replacement.note).toContain(`#${id}`);
    expect(replacement.note).toContain(`#${order.id}`);
    expect(replacement.cartOrderProduct).toEqual([
      expect.objectContaining({
        productId: p.id,
        productQuantity: 1,
        productSalePrice: 12,
        unitPrice: 13.2,
        lineTotal: 13.2,
        couponShare: 1.32,
        vatAmount: 1.08,
      }),
    ]);
    expect((await readProduct(t, p.id)).productQuantity).toBe(stockBefore - 1);
    expect(await orderPostingsOf(t, replacement.id)).toEqual([
      ['Cost of Sales', 'Inventory', 5],
      ['Accounts Receivable', 'Sales', 10.8],
      ['Accounts Receivable', 'Tax', 1.08],
      ['Cash', 'Accounts Receivable', 11.88],
    ]);
    expect((await returnPostingsOf(t, order.id)).at(-1)).toEqual(['Accounts Receivable', 'Cash', 11.88]);
    // the VAT the return took back is the VAT the replacement charges
    expect(await ledgerVatByRate(t, ['order', 'orderReturn'], order.id)).toEqual({ '10': 1.08 });
    expect(await ledgerVatByRate(t, ['order'], replacement.id)).toEqual({ '10': 1.08 });
    // both receivables net out: nothing owed either way
    const [ar] = await rows(
      t,
      sql`select coalesce(sum(case when t.debit_id = a.id then t.amount else -t.amount end), 0)::numeric(14,2)::text as balance
        from "transaction" t join sub_account a on a.system_key = 'accountsReceivable' and a.id in (t.debit_id, t.credit_id)
        where t.related_id in (${String(order.id)}, ${String(replacement.id)}) and t.type in ('order', 'orderReturn')`,
    );
    expect(ar.balance).toBe('0.00');
    expect((await orderOf(t, owner, order.id)).singleCartOrder).toMatchObject({ paidAmount: 16.88, dueAmount: 0, profit: 5.8 });
    const done = await t.call('GET', `/v1/return-cart-order/${id}`, { token: shopper.token });
    expect(done.body.singleReturnCartOrder).toMatchObject({ returnCartOrderStatus: 'RESENDED', resendCartOrderId: replacement.id });
    // the shopper's order page names the replacement beside the return
    const mine = await t.call('GET', `/v1/cart-order/${order.id}`, { token: shopper.token });
    expect(mine.body.singleCartOrder.returnCartOrder.find((r: { id: number }) => r.id === id)?.resendCartOrderId).toBe(replacement.id);
    expect(
      (await t.call('GET', '/v1/return-cart-order/resend', { token: owner })).body.getAllReturnCartOrder.map((r: { id: number }) => r.id),
    ).not.toContain(id);
    // a second replacement is refused
    expect(
      (await t.call('POST', '/v1/cart-order/reOrder', { token: owner, body: { cartOrderId: order.id, returnCartOrderId: id } })).status,
    ).toBe(409);
    // the replacement goes its way like any order, its payment already accepted
    for (const orderStatus of ['RECEIVED', 'SHIPPED', 'DELIVERED']) {
      const moved = await t.call('PATCH', '/v1/cart-order/order', {
        token: owner,
        body: { invoiceId: replacement.id, orderStatus, courierMediumId: setup.courierId },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    expect((await orderOf(t, owner, replacement.id)).singleCartOrder).toMatchObject({
      paidAmount: 11.88,
      dueAmount: 0,
      isVerified: 'Accept',
    });
    expect((await mailsTo(shopper.email)).filter((s) => s.startsWith('Return'))).toHaveLength(4);
  });
});
