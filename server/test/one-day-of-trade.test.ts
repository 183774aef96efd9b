import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { fixedClock } from '../src/platform/clock.ts';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { askReturn, deliveredOrder, moveReturn, newCoupon } from './return-fixtures.ts';
import { namedCustomer, paymentMethods, referenceProduct, rows } from './sale-fixtures.ts';
import { type CheckoutSetup, checkoutSetup, moveOrder } from './shop-fixtures.ts';

/**
 * One day of trade on both channels, then every report an owner reads each day, each figure held to its
 * sum over the ledger (the `transaction` table, read here and summed), as well as to the trade's own numbers:
 * - web order A: 2 × P (13.20) + 1 × Q (23.00) = 49.40, a 10 % coupon (4.94) and a delivery fee of 5.00, cash on delivery, delivered;
 * - web order B: 1 × P, cancelled (it counts nowhere);
 * - a web return of 1 × P of order A, received and refunded: 13.20 less its coupon share 1.32 = 11.88;
 * - till sale 1 to a named customer: 1 × P + 2 × Q with 2.00 off the Q line before VAT (13.20 + 43.70 = 56.90);
 *   the whole-sale discount is the `discount` helper's: until it lands, a line discount stands for it;
 * - till sale 2 to the walk-in customer: 3 × P (39.60), and its return of 1 × P (13.20).
 */
const t = useTestApp({ invariants: true });
const today = '2031-03-14';
let owner: string;
let setup: CheckoutSetup;
let p: { id: number };
let q: { id: number };
let shopperA: { id: number };
let orderA: number;
let orderB: number;
let tillCustomer: number;

/** One ledger row of the day: its type, the system keys of both accounts (null for another account), amount in cents, VAT rate. */
interface Entry {
  type: string;
  related: string;
  debit: string | null;
  credit: string | null;
  cents: number;
  rate: number | null;
}
let ledger: Entry[];

beforeAll(async () => {
  owner = await t.ownerToken();
  t.config.clock = fixedClock(`${today}T12:00:00Z`);
  setup = await checkoutSetup(t, owner, 5);
  const { cash } = await paymentMethods(t, owner);
  const [fifteen] = await rows(t, sql`select id from product_vat where percentage = 15 order by id limit 1`);
  p = await referenceProduct(t, 20);
  q = await makeProduct(t, { productQuantity: 20, productPurchasePrice: 8, productSalePrice: 20, productVatId: fifteen.id });
  const coupon = await newCoupon(t, owner, { type: 'percentage', value: 10 });

  // the web: order A with a coupon and a delivery fee, delivered; order B cancelled
  const a = await deliveredOrder(
    t,
    owner,
    setup,
    [
      { productId: p.id, productQuantity: 2 },
      { productId: q.id, productQuantity: 1 },
    ],
    { couponCode: coupon.couponCode },
  );
  shopperA = a.shopper;
  orderA = a.order.id;
  const b = await deliveredOrder(t, owner, setup, [{ productId: p.id, productQuantity: 1 }], { deliver: false });
  orderB = b.order.id;
  const cancelled = await moveOrder(t, owner, { invoiceId: orderB, orderStatus: 'CANCELLED' });
  expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  // a web return of one P of order A: received, refunded
  const lineP = a.order.cartOrderProduct.find((l) => l.productId === p.id)!.id;
  const asked = await askReturn(t, a.shopper, {
    cartOrderId: orderA,
    returnType: 'REFUND',
    note: 'Too many',
    returnCartOrderProduct: [{ cartOrderProductId: lineP, productQuantity: 1 }],
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  for (const status of ['RECEIVED', 'REFUNDED'])
    expect((await moveReturn(t, owner, asked.body.singleReturnCartOrder.id, status)).status).toBe(200);

  // the till: sale 1 with a discount, paid; sale 2 to the walk-in customer and its return
  tillCustomer = await namedCustomer(t, owner);
  const sale1 = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: {
      customerId: tillCustomer,
      saleInvoiceProduct: [
        { productId: p.id, productQuantity: 1 },
        { productId: q.id, productQuantity: 2 },
      ],
      discount: 2,
      paidAmount: [{ paymentType: cash, amount: 60 }],
    },
  });
  expect(sale1.status, JSON.stringify(sale1.body)).toBe(201);
  const [walkIn] = await rows(t, sql`select id from customer where username = 'Walk-in customer' order by id limit 1`);
  const sale2 = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: {
      customerId: walkIn.id,
      saleInvoiceProduct: [{ productId: p.id, productQuantity: 3 }],
      paidAmount: [{ paymentType: cash, amount: 39.6 }],
    },
  });
  expect(sale2.status, JSON.stringify(sale2.body)).toBe(201);
  const invoice2 = sale2.body.createdInvoice;
  const back = await t.call('POST', '/v1/return-sale-invoice', {
    token: owner,
    body: {
      saleInvoiceId: invoice2.id,
      instantReturnAmount: [{ paymentType: cash, amount: 13.2 }],
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: invoice2.saleInvoiceProduct[0].id, productQuantity: 1 }],
    },
  });
  expect(back.status, JSON.stringify(back.body)).toBe(201);

  ledger = (
    await rows(
      t,
      sql`select t.type, t.related_id as related, d.system_key as debit, c.system_key as credit,
          round(t.amount * 100)::int as cents, t.vat_rate::float8 as rate
        from "transaction" t join sub_account d on d.id = t.debit_id join sub_account c on c.id = t.credit_id
        where t.date = ${today}::date`,
    )
  ).map((r) => ({ ...r, cents: Number(r.cents), rate: r.rate === null ? null : Number(r.rate) }));
});

const sales = ['sale', 'order'];
const returns = ['saleReturn', 'orderReturn'];
const selling = [...sales, ...returns];
/** Σ credits − Σ debits of the accounts over the ledger rows that `keep`, in cents. */
const credit = (accounts: string[], keep: (e: Entry) => boolean) =>
  ledger
    .filter(keep)
    .reduce((s, e) => s + (accounts.includes(e.credit ?? '') ? e.cents : 0) - (accounts.includes(e.debit ?? '') ? e.cents : 0), 0);
const ofTypes = (types: string[]) => (e: Entry) => types.includes(e.type);
/** Goods with VAT after discounts and coupons: what Sales and Tax were credited with less the discount given. */
const goods = ['sales', 'tax', 'discountGiven'];
const cents = (amount: number) => Math.round(amount * 100);

describe('one day of trade in every report', () => {
  test('the ledger holds the trade (the sums the reports are held to)', () => {
    expect(credit(goods, ofTypes(sales))).toBe(4446 + 5692 + 3960);
    expect(0 - credit(goods, ofTypes(returns))).toBe(1188 + 1320);
    // the cancelled order: every posting reversed
    expect(credit(goods, (e) => e.type === 'order' && e.related === String(orderB))).toBe(0);
  });

  test('the dashboard: sales, returns, profit, count, dues and both charts, split by channel', async () => {
    const answer = await t.call('GET', '/v1/dashboard', { token: owner, query: { startDate: today, endDate: today } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const d = answer.body;
    const tillSales = credit(goods, ofTypes(['sale']));
    const webSales = credit(goods, ofTypes(['order']));
    const tillReturns = 0 - credit(goods, ofTypes(['saleReturn']));
    const webReturns = 0 - credit(goods, ofTypes(['orderReturn']));
    // profit: net sales less the discount given and the cost of the goods (no VAT, no delivery fee)
    const profitOf = (types: string[]) => credit(['sales', 'discountGiven', 'costOfSales'], ofTypes(types));
    // what is still due: the documents' receivable
    const dueOf = (types: string[]) => 0 - credit(['accountsReceivable'], ofTypes(types));
    // documents: those with sales credited (net of reversals: the cancelled order has none left)
    const documentsOf = (type: string) =>
      new Set(ledger.filter((e) => e.type === type).map((e) => e.related)).size -
      [...new Set(ledger.filter((e) => e.type === type).map((e) => e.related))].filter(
        (id) => credit(['sales'], (e) => e.type === type && e.related === id) === 0,
      ).length;

    expect(cents(d.totalSaleAmount)).toBe(tillSales + webSales);
    expect(cents(d.totalSaleAmount)).toBe(14098);
    expect(cents(d.totalSaleReturn)).toBe(tillReturns + webReturns);
    expect(cents(d.totalSaleReturn)).toBe(2508);
    expect(cents(d.totalProfit)).toBe(profitOf(selling));
    expect(cents(d.totalSaleDue)).toBe(dueOf(selling));
    expect(d.totalSaleInvoice).toBe(documentsOf('sale') + documentsOf('order'));
    expect(d.totalSaleInvoice).toBe(3);
    expect(d.channels.till).toEqual({
      invoices: documentsOf('sale'),
      sales: tillSales / 100,
      returns: tillReturns / 100,
      due: dueOf(['sale', 'saleReturn']) / 100,
      profit: profitOf(['sale', 'saleReturn']) / 100,
    });
    expect(d.channels.web).toEqual({
      invoices: documentsOf('order'),
      sales: webSales / 100,
      returns: webReturns / 100,
      due: dueOf(['order', 'orderReturn']) / 100,
      profit: profitOf(['order', 'orderReturn']) / 100,
    });
    // the charts: the day's sales less returns, profit and count, each channel's beside; no purchase that day
    expect(d.daily).toEqual([
      {
        date: today,
        sales: (tillSales + webSales - tillReturns - webReturns) / 100,
        tillSales: (tillSales - tillReturns) / 100,
        webSales: (webSales - webReturns) / 100,
        profit: profitOf(selling) / 100,
        purchases: credit(['tax', 'inventory'], ofTypes(['purchase'])) / 100,
        invoices: 3,
        tillInvoices: 2,
        webInvoices: 1,
      },
    ]);
    // the top products and customers: every sale of the day is theirs
    const net = tillSales + webSales - tillReturns - webReturns;
    const sumOf = (list: { sales: number }[]) => list.reduce((s, r) => s + cents(r.sales), 0);
    expect(d.topProducts.map((r: { id: number }) => r.id).sort()).toEqual([p.id, q.id].sort());
    expect(sumOf(d.topProducts)).toBe(net);
    expect(d.topProducts.reduce((s: number, r: { profit: number }) => s + cents(r.profit), 0)).toBe(profitOf(selling));
    const units = await rows(
      t,
      sql`select product_id, -sum(quantity)::int as sold from stock_movement where product_id in (${p.id}, ${q.id}) and reason <> 'opening'
        group by product_id`,
    );
    for (const u of units) expect(d.topProducts.find((r: { id: number }) => r.id === u.product_id).quantity).toBe(u.sold);
    expect(sumOf(d.topCustomers)).toBe(net);
    const shopper = d.topCustomers.find((r: { id: number }) => r.id === shopperA.id);
    expect(shopper).toMatchObject({ invoices: 1, tillSales: 0 });
    expect(cents(shopper.webSales)).toBe(webSales - webReturns);
    expect(cents(shopper.profit)).toBe(profitOf(['order', 'orderReturn']));
  });

  test('the VAT report: output VAT on sales and returns by rate, web orders included, nothing in "other"', async () => {
    const answer = await t.call('GET', '/v1/product-vat/statement', { token: owner, query: { startDate: today, endDate: today } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const v = answer.body;
    expect(cents(v.output.sales)).toBe(credit(['tax'], ofTypes(sales)));
    expect(cents(v.output.returns)).toBe(0 - credit(['tax'], ofTypes(returns)));
    expect(cents(v.other)).toBe(0);
    expect(cents(v.totalVat)).toBe(credit(['tax'], () => true));
    const rates = [...new Set(ledger.filter((e) => e.rate !== null && selling.includes(e.type)).map((e) => e.rate!))].sort((x, y) => x - y);
    expect(rates).toEqual([10, 15]);
    expect(v.rates.map((r: { rate: number }) => r.rate)).toEqual(rates);
    for (const rate of rates) {
      const row = v.rates.find((r: { rate: number }) => r.rate === rate);
      expect(cents(row.outputVat)).toBe(credit(['tax'], (e) => selling.includes(e.type) && e.rate === rate));
      expect(cents(row.inputVat)).toBe(0);
    }
    // the web order's VAT is in it: without it the 15 % rate would hold only the till's Q line
    expect(credit(['tax'], (e) => e.type === 'order' && e.rate === 15)).toBeGreaterThan(0);
  });

  test("the product list's sales and the product page's: every channel, net of returns and the coupon", async () => {
    const card = async (productId?: number) => {
      const answer = await t.call('GET', '/v1/product', {
        token: owner,
        query: {
          query: 'card',
          status: 'true,false',
          salesStartDate: today,
          salesEndDate: today,
          ...(productId ? { productId: String(productId) } : {}),
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    const all = await card();
    expect(cents(all.salesValue)).toBe(credit(['sales', 'discountGiven'], ofTypes(selling)));
    expect(cents(all.profit)).toBe(credit(['sales', 'discountGiven', 'costOfSales'], ofTypes(selling)));
    const [moved] = await rows(
      t,
      sql`select -sum(quantity)::int as sold from stock_movement where product_id in (${p.id}, ${q.id}) and reason <> 'opening'`,
    );
    expect(all.soldQuantity).toBe(moved.sold);
    // P: 2 + 1 + 3 sold, 1 + 1 back (order B cancelled); Q: 1 + 2
    expect((await card(p.id)).soldQuantity).toBe(4);
    expect((await card(q.id)).soldQuantity).toBe(3);
  });

  test("the customer statement: the shopper's web order is theirs, the till customer's sale theirs", async () => {
    const statement = async (id: number) => {
      const answer = await t.call('GET', `/v1/customer/${id}`, { token: owner });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    const theirs = (e: Entry) => e.related === String(orderA) && (e.type === 'order' || e.type === 'orderReturn');
    const a = await statement(shopperA.id);
    // charged: goods with VAT less the coupon, and the delivery fee
    expect(cents(a.totalAmount)).toBe(credit([...goods, 'deliveryIncome'], (e) => theirs(e) && e.type === 'order'));
    expect(cents(a.totalReturnAmount)).toBe(0 - credit(goods, (e) => theirs(e) && e.type === 'orderReturn'));
    // money in: the receivable's credits from a payment account; money back: its debits to one
    const money = ['cash', 'bank'];
    const paid = ledger
      .filter((e) => theirs(e) && e.credit === 'accountsReceivable' && money.includes(e.debit ?? ''))
      .reduce((s, e) => s + e.cents, 0);
    const refunded = ledger
      .filter((e) => theirs(e) && e.debit === 'accountsReceivable' && money.includes(e.credit ?? ''))
      .reduce((s, e) => s + e.cents, 0);
    expect(cents(a.totalPaidAmount)).toBe(paid);
    expect(cents(a.instantPaidReturnAmount)).toBe(refunded);
    expect(cents(a.dueAmount)).toBe(0 - credit(['accountsReceivable'], theirs));
    expect(a).toMatchObject({ totalCartOrder: 1, totalReturnCartOrder: 1, totalSaleInvoice: 0 });
    expect(a.channels.web).toEqual({
      totalAmount: a.totalAmount,
      totalPaidAmount: a.totalPaidAmount,
      totalReturnAmount: a.totalReturnAmount,
      instantPaidReturnAmount: a.instantPaidReturnAmount,
      dueAmount: a.dueAmount,
    });
    expect(a.cartOrder.map((o: { id: number }) => o.id)).toEqual([orderA]);
    expect(new Set(a.allTransaction.map((e: { type: string }) => e.type))).toEqual(new Set(['order', 'orderReturn']));

    const c = await statement(tillCustomer);
    const [sale] = await rows(t, sql`select id from sale_invoice where customer_id = ${tillCustomer}`);
    expect(cents(c.totalAmount)).toBe(credit(goods, (e) => e.type === 'sale' && e.related === String(sale.id)));
    expect(c).toMatchObject({ totalSaleInvoice: 1, totalCartOrder: 0, dueAmount: 0 });

    // the report: the same figures per customer
    const report = await t.call('GET', '/v1/customer', { token: owner, query: { query: 'report' } });
    expect(report.status).toBe(200);
    const row = report.body.allCustomer.find((r: { id: number }) => r.id === shopperA.id);
    expect(row).toMatchObject({
      totalAmount: a.totalAmount,
      totalPaidAmount: a.totalPaidAmount,
      totalReturnAmount: a.totalReturnAmount,
      instantPaidReturnAmount: a.instantPaidReturnAmount,
      dueAmount: a.dueAmount,
    });
  });

  test('the top sellers: units sold over every channel, net of returns, the cancelled order left out', async () => {
    const answer = await t.call('GET', '/v1/product-reports', {
      token: owner,
      query: { query: 'top-selling-products', startDate: today, endDate: today },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const units = await rows(
      t,
      sql`select product_id, -sum(quantity)::int as sold from stock_movement where product_id in (${p.id}, ${q.id}) and reason <> 'opening'
        group by product_id order by sold desc, product_id`,
    );
    const top = answer.body.getAllTopSellingProduct.filter((r: { id: number }) => r.id === p.id || r.id === q.id);
    expect(top.map((r: { id: number; soldQuantity: number }) => [r.id, r.soldQuantity])).toEqual(units.map((u) => [u.product_id, u.sold]));
  });
});
