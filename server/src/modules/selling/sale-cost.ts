import { costPermission } from '@tillbook/contract';
import type { FastifyRequest } from 'fastify';
import { holds } from '../../platform/route.ts';

/** A sale's profit tells what its goods cost the shop: it is sent only to a role holding the cost permission. */
export function profitShown(req: FastifyRequest): <T extends { profit?: unknown }>(row: T) => T {
  if (holds(req, costPermission)) return (row) => row;
  return (row) => {
    const { profit: _, ...rest } = row;
    return rest as typeof row;
  };
}

/** A sale list (or a customer's) as the caller may see it. */
export function listForCaller<T extends { getAllSaleInvoice: { profit?: unknown }[]; aggregations: { _sum: { profit?: unknown } } }>(
  req: FastifyRequest,
  answer: T,
): T {
  const shown = profitShown(req);
  return {
    ...answer,
    getAllSaleInvoice: answer.getAllSaleInvoice.map(shown),
    aggregations: { ...answer.aggregations, _sum: shown(answer.aggregations._sum) },
  };
}
