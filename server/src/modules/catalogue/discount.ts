import { type DiscountType, discountContract, discountDefaultName, discountListFilters, discountValueProblem } from '@tillbook/contract';
import { and, gte, lte, ne, not, sql } from 'drizzle-orm';
import { businessDateSql, type Clock } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { defineResource } from '../../platform/resource-factory.ts';
import type { RouteDef } from '../../platform/route.ts';
import { discount } from '../../schema/index.ts';
import { productsTouchedBy } from './product-variant.ts';

/** Today in the shop within the discount's window, both ends inclusive. */
const inWindow = (clock: Clock) => {
  const today = businessDateSql(clock);
  return and(lte(discount.startDate, today), gte(discount.endDate, today))!;
};

/** True when another discount than `exceptId` holds the name, in any letter case. */
async function nameTaken(tx: DbOrTx, name: string, exceptId: unknown): Promise<boolean> {
  const [clash] = await tx
    .select({ id: discount.id })
    .from(discount)
    .where(and(sql`lower(${discount.name}) = ${name.toLowerCase()}`, typeof exceptId === 'number' ? ne(discount.id, exceptId) : undefined))
    .limit(1);
  return clash !== undefined;
}

/**
 * The name a discount sent without one gets: "10% off"; when that is taken, with its dates
 * ("10% off, 2026-06-01 to 2026-06-30"), then numbered ("... (2)").
 */
async function defaultName(tx: DbOrTx, record: Record<string, unknown>): Promise<string> {
  const base = discountDefaultName(record.type as DiscountType, Number(record.value));
  const dated = `${base}, ${record.startDate} to ${record.endDate}`;
  for (const candidate of [base, dated]) if (!(await nameTaken(tx, candidate, record.id))) return candidate;
  for (let n = 2; ; n++) {
    const candidate = `${dated} (${n})`;
    if (!(await nameTaken(tx, candidate, record.id))) return candidate;
  }
}

/**
 * Catalogue discounts: a plain resource (list, get, create, createmany, update, status) whose value
 * is checked against its type, with an `active` filter on today's date. A discount sent without a
 * name (the older system's payload) or with a blank one is named from its type and value; a name
 * the user typed that another discount holds is still a 409.
 */
export function discountRoutes(ctx: AppContext): RouteDef[] {
  return defineResource(ctx, {
    contract: discountContract,
    table: discount,
    prepare: async (tx, values, current) => {
      if (values.name !== null) return values;
      return { ...values, name: await defaultName(tx, { ...current, ...values }) };
    },
    // a discount's new value or dates reprice its products in the tills' copies
    beforeChange: (tx, current) => productsTouchedBy(tx, 'discount_id', Number(current.id)),
    validate: (values) => {
      const problem = discountValueProblem(values.type, values.value);
      if (problem) throw fieldError('value', problem);
    },
    filters: {
      active: {
        schema: discountListFilters.shape.active,
        where: (value: 'true' | 'false') => (value === 'true' ? inWindow(ctx.config.clock) : not(inWindow(ctx.config.clock))),
      },
    },
  }).routes;
}
