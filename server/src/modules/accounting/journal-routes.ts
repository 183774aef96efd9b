import { transactionEndpoints } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { found, type RouteDef } from '../../platform/route.ts';
import { deletePayment } from './delete-payment.ts';
import { listJournal, readEntry } from './journal-read.ts';

/** The journal: list, one entry, and deleting a payment by its reversing entry. */
export function journalRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  const clock = () => ctx.config.clock;
  return [
    implement(ctx, transactionEndpoints.list, ({ query }) => listJournal(db, query, clock())),
    implement(ctx, transactionEndpoints.get, async ({ params }) => found(await readEntry(db, params.id), 'Transaction')),
    implement(ctx, transactionEndpoints.delete, ({ params }) => db.transaction((tx) => deletePayment(tx, params.id, clock()))),
  ];
}
