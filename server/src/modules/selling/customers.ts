import { customerContract, customerDetailOut, type PartyBalance, sellerPermission, walkInCustomerName } from '@tillbook/contract';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';
import { checkedPresenter } from '../../platform/presenter.ts';
import { defineResource } from '../../platform/resource-factory.ts';
import type { RouteDef } from '../../platform/route.ts';
import { toWireList } from '../../platform/wire.ts';
import { cartOrder, customer, returnSaleInvoice, saleInvoice } from '../../schema/index.ts';
import { newestEntriesOf } from '../accounting/index.ts';
import { type WebTotals, webTotalsOf } from '../sales/index.ts';
import { customerRoleId } from './customer-record.ts';
import { isPlainReport, plainCustomerReport } from './customer-report.ts';
import { enqueueWelcome, welcomeMessages } from './customer-welcome.ts';
import { saleReturnsOf } from './return-read.ts';
import { sumBalances, toBalance, zeroBalance } from './sale-balances.ts';
import { customerTotals } from './sale-list-totals.ts';

/** The walk-in customer: the first customer of that name (the first start creates it). */
export async function walkInCustomerId(db: DbOrTx): Promise<number | undefined> {
  const [row] = await db
    .select({ id: customer.id })
    .from(customer)
    .where(eq(customer.username, walkInCustomerName))
    .orderBy(asc(customer.id))
    .limit(1);
  return row?.id;
}

const customerFields = {
  id: customer.id,
  status: customer.status,
  createdAt: customer.createdAt,
  updatedAt: customer.updatedAt,
  username: customer.username,
  firstName: customer.firstName,
  lastName: customer.lastName,
  email: customer.email,
  phone: customer.phone,
  address: customer.address,
};

/**
 * Customers on the staff side: the factory's list, create, update and status change, plus the
 * statement on GET {id} and `query=report` (reference 3.14). Passwords never leave: the factory
 * selects only the record's columns and the contract's fields.
 */
export function customerRoutes(ctx: AppContext): RouteDef[] {
  const presentDetail = checkedPresenter<Record<string, unknown>>(customerDetailOut, 'GET customer/{id}', ctx.config);
  const resource = defineResource(ctx, {
    contract: customerContract,
    table: customer,
    // a seller who may not read the customers still sells to the walk-in customer
    alsoListedFor: { permissions: [sellerPermission], only: eq(customer.username, walkInCustomerName) },
    // staff create shoppers' accounts: they hold the customers' role
    prepare: async (tx, values, current) => {
      if (current) return values;
      return { ...values, roleId: await customerRoleId(tx) };
    },
    // a customer made by staff with an e-mail gets the welcome mail, in the create's transaction
    afterCreate: async (tx, row) => {
      if (typeof row.email !== 'string' || !row.email) return { message: welcomeMessages.withoutMail };
      await enqueueWelcome(tx, { email: row.email, username: (row.username as string | null) ?? null }, ctx.config.publicUrl);
      return { message: welcomeMessages.withMail };
    },
    beforeChange: async (tx, current, changes) => {
      if (changes.status === false && current.id === (await walkInCustomerId(tx)))
        throw conflict('The walk-in customer cannot be hidden: the till sells to it', { status: 'walk-in customer' });
    },
    single: async (db, id) => {
      const [row] = await db.select(customerFields).from(customer).where(eq(customer.id, id));
      if (!row) return undefined;
      return presentDetail({ ...row, ...(await customerStatement(db, id, ctx.config.statementRowLimit)) });
    },
    modes: {
      report: async (_req, q, reply) => {
        if (isPlainReport(q)) return reply.type('application/json; charset=utf-8').send(await plainCustomerReport(ctx.db, q));
        const { rows } = await resource.list(ctx.db, q);
        const ids = rows.map((r) => r.id as number);
        const balances = ids.length ? await customerBalances(ctx.db, ids) : new Map<number, PartyBalance>();
        const allCustomer = toWireList(rows).map((r) => ({ ...r, ...(balances.get(r.id as number) ?? zeroBalance) }));
        const grand = sumBalances(ids.map((id) => balances.get(id) ?? zeroBalance));
        return {
          grandData: {
            grandTotalAmount: grand.totalAmount,
            grandTotalPaidAmount: grand.totalPaidAmount,
            grandTotalReturnAmount: grand.totalReturnAmount,
            grandInstantPaidReturnAmount: grand.instantPaidReturnAmount,
            grandDueAmount: grand.dueAmount,
          },
          allCustomer,
        };
      },
    },
  });
  return resource.routes;
}

type TillTotals = Awaited<ReturnType<typeof customerTotals>>[number];
const noTotals = { total: 0, paid: 0, returned: 0, refunded: 0 };

/** A customer's figures over both channels: the till's (customer_sale_totals) and the web orders', in cents. */
const bothChannels = (till: TillTotals | undefined, web: WebTotals | undefined) => {
  const a = till ?? noTotals;
  const b = web ?? noTotals;
  return { total: a.total + b.total, paid: a.paid + b.paid, returned: a.returned + b.returned, refunded: a.refunded + b.refunded };
};

/** Customers' totals (customer_sale_totals, a few rows per customer whatever the number of sales; their web orders) as balances. */
function balancesOf(till: TillTotals[], web: WebTotals[]) {
  const tillOf = new Map(till.map((r) => [r.customerId, r]));
  const webOf = new Map(web.map((r) => [r.customerId, r]));
  const ids = new Set([...tillOf.keys(), ...webOf.keys()]);
  return new Map([...ids].map((id) => [id, toBalance(bothChannels(tillOf.get(id), webOf.get(id)))]));
}

/** Customers' balances over both channels, as the customer list answers them (a till's copy keeps their due). */
export async function customerBalances(db: DbOrTx, ids: number[]): Promise<Map<number, PartyBalance>> {
  if (!ids.length) return new Map();
  return balancesOf(...(await Promise.all([customerTotals(db, ids), webTotalsOf(db, ids)])));
}

/**
 * A customer's statement (reference 3.14): the figures and counts over every completed sale and its
 * returns and every web order (not cancelled) and its returns whose goods came back (a shopper is a
 * customer: their orders are theirs), summed by the database (customer_sale_totals, the orders'
 * kept figures, a return count), split by channel in `channels`, and the newest `limit` (the setting
 * STATEMENT_ROW_LIMIT) sales, returns, web orders and live ledger entries, newest first, so the answer stays small however
 * long the customer buys (the walk-in customer's 100,000 sales).
 */
async function customerStatement(db: DbOrTx, id: number, limit: number) {
  const theirs = and(eq(saleInvoice.customerId, id), eq(saleInvoice.state, 'completed'));
  const theirOrders = and(eq(cartOrder.customerId, id), ne(cartOrder.orderStatus, 'CANCELLED'));
  const [[totals], [web], [returned], sales, returns, orders, tillEntries, webEntries] = await Promise.all([
    customerTotals(db, [id]),
    webTotalsOf(db, [id]),
    db
      .select({ n: count() })
      .from(returnSaleInvoice)
      .innerJoin(saleInvoice, eq(saleInvoice.id, returnSaleInvoice.saleInvoiceId))
      .where(theirs),
    db
      .select({
        id: saleInvoice.id,
        number: saleInvoice.number,
        status: saleInvoice.status,
        createdAt: saleInvoice.createdAt,
        updatedAt: saleInvoice.updatedAt,
        customerId: saleInvoice.customerId,
        date: saleInvoice.date,
        totalAmount: saleInvoice.totalAmount,
        totalTaxAmount: saleInvoice.totalTaxAmount,
        totalDiscountAmount: saleInvoice.totalDiscountAmount,
        // the figures kept on the sale (keepInvoiceFigures keeps them equal to the ledger's)
        paidAmount: saleInvoice.paidAmount,
        dueAmount: saleInvoice.dueAmount,
        returnAmount: saleInvoice.returnAmount,
      })
      .from(saleInvoice)
      .where(theirs)
      .orderBy(desc(saleInvoice.id))
      .limit(limit + 1),
    saleReturnsOf(db, theirs, limit + 1),
    db
      .select({
        id: cartOrder.id,
        status: cartOrder.status,
        createdAt: cartOrder.createdAt,
        updatedAt: cartOrder.updatedAt,
        customerId: cartOrder.customerId,
        date: cartOrder.date,
        orderStatus: cartOrder.orderStatus,
        totalAmount: cartOrder.totalAmount,
        totalVatAmount: cartOrder.totalVatAmount,
        couponAmount: cartOrder.couponAmount,
        deliveryFee: cartOrder.deliveryFee,
        paidAmount: cartOrder.paidAmount,
        dueAmount: cartOrder.dueAmount,
      })
      .from(cartOrder)
      .where(theirOrders)
      .orderBy(desc(cartOrder.id))
      .limit(limit + 1),
    newestEntriesOf(db, ['sale', 'saleReturn'], db.select({ id: saleInvoice.id }).from(saleInvoice).where(theirs), limit + 1),
    newestEntriesOf(db, ['order', 'orderReturn'], db.select({ id: cartOrder.id }).from(cartOrder).where(theirOrders), limit + 1),
  ]);
  const allTransaction = [...tillEntries, ...webEntries].sort((a, b) => b.id - a.id);
  const webTotals = web ? { total: web.total, paid: web.paid, returned: web.returned, refunded: web.refunded } : noTotals;
  return {
    ...toBalance(bothChannels(totals, web)),
    channels: { till: totals ? toBalance(totals) : zeroBalance, web: toBalance(webTotals) },
    totalSaleInvoice: totals?.invoices ?? 0,
    totalReturnSaleInvoice: returned?.n ?? 0,
    totalCartOrder: web?.orders ?? 0,
    totalReturnCartOrder: web?.returns ?? 0,
    saleInvoice: sales.slice(0, limit),
    returnSaleInvoice: returns.slice(0, limit),
    cartOrder: orders.slice(0, limit),
    allTransaction: allTransaction.slice(0, limit),
    rowLimit: limit,
    truncated: [sales, returns, orders, allTransaction].some((list) => list.length > limit),
  };
}
