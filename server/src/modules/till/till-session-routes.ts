import { type TillReport, tillCatalogueEndpoints, tillSessionEndpoints } from '@tillbook/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { caller, found, holds, type RouteDef } from '../../platform/route.ts';
import { closeSession } from './close-session.ts';
import { openSession } from './open-session.ts';
import { moveSessionCash, recordNoSale } from './session-cash.ts';
import { listSessions, readSession } from './session-read.ts';
import { sessionFigures, sessionHead } from './session-report.ts';
import { tillCatalogue } from './till-catalogue.ts';
import { tillCustomers } from './till-customers.ts';
import { recordVoids } from './till-events.ts';
import { tillStock } from './till-stock.ts';

/**
 * Blind close: who may not see the expected cash before counting (the Cashier preset) gets the X report without
 * what the drawer should hold; the Z, once counted, shows it to all.
 */
function blindFor(req: FastifyRequest, report: TillReport, blindClose: boolean): TillReport {
  if (!blindClose || holds(req, 'readAll-expectedCash')) return report;
  return { ...report, expectedCash: null, byPaymentMethod: report.byPaymentMethod.map((m) => ({ ...m, expected: null })) };
}

/** The till's day: open a session, cash in and out, no sale, the X report, the close and its Z. */
export function tillSessionRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  const clock = () => ctx.config.clock;
  const session = async (id: number) => found(await readSession(db, id), `Till session ${id}`);
  return [
    implement(ctx, tillCatalogueEndpoints.get, ({ query }) => tillCatalogue(db, query)),
    implement(ctx, tillCatalogueEndpoints.stock, ({ query }) => tillStock(db, query)),
    implement(ctx, tillCatalogueEndpoints.customers, ({ query }) => tillCustomers(db, query)),
    implement(ctx, tillSessionEndpoints.open, async ({ body, req }) =>
      session(await idempotent(req, body, (tx) => openSession(tx, body, caller(req).id, clock()))),
    ),
    implement(ctx, tillSessionEndpoints.list, ({ query }) => listSessions(db, query)),
    implement(ctx, tillSessionEndpoints.get, ({ params }) => session(params.id)),
    implement(ctx, tillSessionEndpoints.cash, async ({ params, body, req }) => {
      const userId = caller(req).id;
      const made = await idempotent(req, body, (tx) => moveSessionCash(tx, params.id, body, userId, clock()));
      return {
        id: made.id,
        sessionId: params.id,
        type: body.type,
        amount: body.amount,
        reason: body.reason,
        subAccountId: made.subAccountId,
        userId,
        createdAt: new Date(made.createdAt).toISOString(),
        message: body.type === 'IN' ? 'Cash paid in' : body.type === 'OUT' ? 'Cash paid out' : 'Cash dropped',
      };
    }),
    implement(ctx, tillSessionEndpoints.noSale, async ({ params, req }) => {
      const userId = caller(req).id;
      const made = await idempotent(req, {}, (tx) => recordNoSale(tx, params.id, userId));
      return { id: made.id, sessionId: params.id, userId, at: new Date(made.at).toISOString(), message: 'Drawer opened (no sale)' };
    }),
    implement(ctx, tillSessionEndpoints.void, async ({ params, body, req }) => {
      const voids = await idempotent(req, body, (tx) => recordVoids(tx, params.id, body));
      return { sessionId: params.id, voids, message: voids === 1 ? 'Void recorded' : `${voids} voids recorded` };
    }),
    implement(ctx, tillSessionEndpoints.xReport, async ({ params, req }) => {
      const head = await sessionHead(db, params.id);
      if (head.zReport) return head.zReport;
      return blindFor(req, (await sessionFigures(db, head)).report, head.blindClose);
    }),
    implement(ctx, tillSessionEndpoints.zReport, async ({ params }) => {
      const head = await sessionHead(db, params.id);
      if (!head.zReport) throw new AppError('conflict', `Till session ${params.id} is open: its Z report is made when it closes`);
      return head.zReport;
    }),
    implement(ctx, tillSessionEndpoints.close, async ({ params, body, req }) => {
      const by = { userId: caller(req).id, mayCloseOthers: holds(req, 'update-tillSession') };
      return idempotent(req, body, (tx) => closeSession(tx, params.id, body, by, clock()));
    }),
  ];
}
