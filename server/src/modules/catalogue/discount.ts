import { discountContract, discountListFilters, discountValueProblem } from '@tillbook/contract';
import { and, gte, lte, not } from 'drizzle-orm';
import { businessDateSql, type Clock } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import { defineResource } from '../../platform/resource-factory.ts';
import type { RouteDef } from '../../platform/route.ts';
import { discount } from '../../schema/index.ts';

/** Today in the shop within the discount's window, both ends inclusive. */
const inWindow = (clock: Clock) => {
  const today = businessDateSql(clock);
  return and(lte(discount.startDate, today), gte(discount.endDate, today))!;
};

/**
 * Catalogue discounts: a plain resource (list, get, create, createmany, update, status) whose value
 * is checked against its type, with an `active` filter on today's date.
 */
export function discountRoutes(ctx: AppContext): RouteDef[] {
  return defineResource(ctx, {
    contract: discountContract,
    table: discount,
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
