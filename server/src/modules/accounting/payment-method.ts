import { sql } from 'drizzle-orm';
import type { ResourceDefinition } from '../../platform/resource-factory.ts';
import { paymentMethod } from '../../schema/index.ts';

/**
 * What the payment-method resource adds to its rows: `cash`, true when the method's money lands in
 * the Cash account. Only cash gives change at the till (the server's rule in selling/sale-tender.ts),
 * so the till shows change by this flag, whatever the shop calls its methods.
 */
export const paymentMethodExtras: Partial<ResourceDefinition> = {
  computed: {
    cash: sql<boolean>`exists (select 1 from sub_account sa where sa.id = ${paymentMethod.subAccountId} and sa.system_key = 'cash')`,
  },
};
