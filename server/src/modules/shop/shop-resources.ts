import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { ResourceDefinition } from '../../platform/resource-factory.ts';
import { cartOrder, courierMedium, customer, paymentMethod } from '../../schema/index.ts';

/** GET payment-method/public: what the checkout offers (active, offered at checkout), without the ledger account behind it. */
export const checkoutPaymentMethods = (db: DbOrTx): Partial<ResourceDefinition> => ({
  publicList: async () => {
    const rows = await db
      .select({
        id: paymentMethod.id,
        methodName: paymentMethod.methodName,
        instruction: paymentMethod.instruction,
        ownerAccount: paymentMethod.ownerAccount,
        logo: paymentMethod.logo,
        isCod: paymentMethod.isCod,
      })
      .from(paymentMethod)
      .where(sql`${paymentMethod.status} and ${paymentMethod.isActive} = 'true' and ${paymentMethod.atCheckout} = 'true'`)
      .orderBy(sql`${paymentMethod.isCod} desc`, paymentMethod.methodName)
      .limit(200);
    return { getAllPaymentMethod: rows, totalPaymentMethod: rows.length };
  },
});

/** How many of a courier's orders its page lists: the newest. */
const courierOrderLimit = 200;

/** GET courier-medium/{id}: the courier with its orders, the newest first (spec: Courier by order). */
export const courierWithOrders = (db: DbOrTx): Partial<ResourceDefinition> => ({
  single: async (tx, id) => {
    const [courier] = await tx.select().from(courierMedium).where(eq(courierMedium.id, id));
    if (!courier) return undefined;
    const orders = await db
      .select({
        id: cartOrder.id,
        date: cartOrder.date,
        orderStatus: cartOrder.orderStatus,
        totalAmount: cartOrder.totalAmount,
        dueAmount: cartOrder.dueAmount,
        deliveryArea: cartOrder.deliveryArea,
        deliveryAddress: cartOrder.deliveryAddress,
        customerPhone: cartOrder.customerPhone,
        customer: sql<string>`coalesce(${customer.username}, ${customer.email}, '')`,
      })
      .from(cartOrder)
      .innerJoin(customer, eq(customer.id, cartOrder.customerId))
      .where(eq(cartOrder.courierMediumId, id))
      .orderBy(desc(cartOrder.id))
      .limit(courierOrderLimit);
    return { ...courier, cartOrder: orders, rowLimit: courierOrderLimit };
  },
});
