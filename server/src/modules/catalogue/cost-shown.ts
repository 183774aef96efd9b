import { costPermission } from '@tillbook/contract';
import type { FastifyRequest } from 'fastify';
import { holds } from '../../platform/route.ts';

/** The fields of a staff product answer that tell what the goods cost the shop. */
const costFields = new Set(['productPurchasePrice', 'totalPurchasePrice', 'unitCost', 'profit']);

function withoutCost(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCost);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !costFields.has(key))
      .map(([key, inner]) => [key, withoutCost(inner)]),
  );
}

/**
 * A staff product answer as the caller may see it: a role without the cost permission (a cashier, who
 * finds products at the till) gets it without the average cost, the movements' cost and the profit.
 * The answer is copied, never changed, so a kept answer stays whole.
 */
export function costShown<T>(req: FastifyRequest, answer: T): T {
  return holds(req, costPermission) ? answer : (withoutCost(answer) as T);
}
