import { transactionEndpoints } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { found, type RouteDef } from '../../platform/route.ts';
import { deletePayment } from './delete-payment.ts';
import { listJournal, readEntry } from './journal-read.ts';
import { addManualEntry, deleteManualEntry, entryType } from './manual-entry.ts';

/**
 * The journal: list, one entry, a manual entry, and deleting by a reversing entry — a manual entry's
 * (type transaction) on its own date, a payment's today; other postings are refused (delete-payment.ts).
 */
export function journalRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  const clock = () => ctx.config.clock;
  return [
    implement(ctx, transactionEndpoints.create, ({ body, req }) => idempotent(req, body, (tx) => addManualEntry(tx, body))),
    implement(ctx, transactionEndpoints.list, ({ query }) => listJournal(db, query, clock())),
    implement(ctx, transactionEndpoints.get, async ({ params }) => found(await readEntry(db, params.id), 'Transaction')),
    implement(ctx, transactionEndpoints.delete, ({ params, req }) =>
      req.db.transaction(async (tx) =>
        (await entryType(tx, params.id)) === 'transaction' ? deleteManualEntry(tx, params.id) : deletePayment(tx, params.id, clock()),
      ),
    ),
  ];
}
