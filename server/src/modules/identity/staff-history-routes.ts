import { designationHistoryEndpoints as designations, salaryHistoryEndpoints as salaries } from '@tillbook/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { badRequest } from '../../platform/errors.ts';
import type { RouteDef } from '../../platform/route.ts';
import { addPeriod, changePeriod, deletePeriod, type HistoryKind, lockPerson } from './staff-history.ts';

/** Only the fields the client sent: a partial update leaves the others as they are. */
function sent(parsed: Record<string, unknown>, req: FastifyRequest) {
  const keys = req.body && typeof req.body === 'object' ? new Set(Object.keys(req.body)) : new Set<string>();
  const changes = Object.fromEntries(Object.entries(parsed).filter(([name]) => keys.has(name)));
  if (Object.keys(changes).length === 0) throw badRequest('Nothing to update: send at least one field');
  return changes;
}

/** The row as the table holds it: the endpoint's presenter lists the fields answered. */
const written = (row: Promise<unknown>) => row as Promise<never>;

/** POST, PUT and DELETE of designation and salary history: a change closes and opens rows (staff-history.ts). */
export function staffHistoryRoutes(ctx: AppContext): RouteDef[] {
  const add =
    (kind: HistoryKind, req: FastifyRequest) =>
    ({
      userId,
      startDate,
      endDate,
      comment,
      ...value
    }: {
      userId: number;
      startDate: string;
      endDate?: string | null;
      comment?: string | null;
    }) =>
      written(
        req.db.transaction(async (tx) => {
          await lockPerson(tx, userId);
          return addPeriod(tx, kind, { userId, startDate, endDate, comment, value }, { sameDay: 'refuse' });
        }),
      );
  const change = (kind: HistoryKind, id: number, body: Record<string, unknown>, req: FastifyRequest) => {
    const changes = sent(body, req);
    return written(req.db.transaction((tx) => changePeriod(tx, kind, id, changes)));
  };
  const remove = (kind: HistoryKind, id: number, req: FastifyRequest) => written(req.db.transaction((tx) => deletePeriod(tx, kind, id)));
  return [
    implement(ctx, designations.create, ({ body, req }) => add('designation', req)(body)),
    implement(ctx, designations.update, ({ params, body, req }) => change('designation', params.id, body, req)),
    implement(ctx, designations.delete, ({ params, req }) => remove('designation', params.id, req)),
    implement(ctx, salaries.create, ({ body, req }) => add('salary', req)(body)),
    implement(ctx, salaries.update, ({ params, body, req }) => change('salary', params.id, body, req)),
    implement(ctx, salaries.delete, ({ params, req }) => remove('salary', params.id, req)),
  ];
}
