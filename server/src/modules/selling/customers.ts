import { customerContract, customerDetailOut, type PartyBalance, sellerPermission, walkInCustomerName } from '@tillbook/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';
import { checkedPresenter } from '../../platform/presenter.ts';
import { defineResource } from '../../platform/resource-factory.ts';
import type { RouteDef } from '../../platform/route.ts';
import { toWireList } from '../../platform/wire.ts';
import { customer, returnSaleInvoice, role, saleInvoice, transaction } from '../../schema/index.ts';
import { entriesWhere, liveEntry } from '../accounting/index.ts';
import { isPlainReport, plainCustomerReport } from './customer-report.ts';
import { enqueueWelcome, welcomeMessages } from './customer-welcome.ts';
import { saleReturnsOf } from './return-read.ts';
import { saleBalances, sumBalances, toBalance, zeroBalance } from './sale-balances.ts';
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
      const [customerRole] = await tx.select({ id: role.id }).from(role).where(eq(role.name, 'customer'));
      return { ...values, roleId: customerRole!.id };
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
      const invoices = await db
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
        })
        .from(saleInvoice)
        .where(and(eq(saleInvoice.customerId, id), eq(saleInvoice.state, 'completed')))
        .orderBy(asc(saleInvoice.id));
      const perInvoice = await saleBalances(db, sql`si.id`, sql`si.customer_id = ${id}`);
      const saleInvoices = invoices.map((inv) => {
        const b = perInvoice.get(inv.id) ?? zeroBalance;
        return { ...inv, paidAmount: b.totalPaidAmount, dueAmount: b.dueAmount, returnAmount: b.totalReturnAmount };
      });
      const keys = invoices.map((inv) => inv.id);
      const returns = keys.length ? await saleReturnsOf(db, inArray(returnSaleInvoice.saleInvoiceId, keys)) : [];
      const allTransaction = keys.length
        ? await entriesWhere(
            db,
            and(inArray(transaction.relatedId, keys.map(String)), inArray(transaction.type, ['sale', 'saleReturn']), liveEntry()),
          ).orderBy(asc(transaction.id))
        : [];
      return presentDetail({
        ...row,
        ...sumBalances(perInvoice.values()),
        totalSaleInvoice: invoices.length,
        totalReturnSaleInvoice: returns.length,
        saleInvoice: saleInvoices,
        returnSaleInvoice: returns,
        allTransaction,
      });
    },
    modes: {
      report: async (_req, q, reply) => {
        if (isPlainReport(q)) return reply.type('application/json; charset=utf-8').send(await plainCustomerReport(ctx.db, q));
        const { rows } = await resource.list(ctx.db, q);
        const ids = rows.map((r) => r.id as number);
        const balances = ids.length ? balancesOf(await customerTotals(ctx.db, ids)) : new Map<number, PartyBalance>();
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

/** Customers' totals (customer_sale_totals, a few rows per customer whatever the number of sales) as balances. */
const balancesOf = (rows: Awaited<ReturnType<typeof customerTotals>>) => new Map(rows.map((r) => [r.customerId, toBalance(r)]));
