import { routes } from '@tillbook/contract';
import { api } from '../../../../lib/api.ts';
import { allOf, write } from './idb.ts';
import { keepSaleById } from './local-sales.ts';

/**
 * The till's queue of sales not yet posted (issue 33): durable (IndexedDB), in the order they were made, one
 * sale at a time, each sent with its own Idempotency-Key, so a resend after a lost answer posts nothing twice.
 * A sale leaves the queue only when the server has posted it; a refusal for good (a 4xx) keeps it, flagged for a
 * manager ("needs attention"), never dropped. One tab sends (a Web Lock across the tabs); every tab sells into it.
 */
export interface QueuedSale {
  key: string;
  /** A return made offline (of a sale the till keeps), lines voided (issue 34); else a sale. */
  kind?: 'return' | 'void';
  body: Record<string, unknown>;
  /** How the till names it: a sale's receipt reference, or "Return of #<number>". */
  receiptReference: string;
  sessionId: number;
  /** When it was made, ms since 1970 (its place in the queue). */
  queuedAt: number;
  attempts: number;
  /** The server's refusal: the sale waits for a manager. */
  problem?: string;
}

const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('tillbook-till-queue');
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
  channel?.postMessage('changed');
};
channel?.addEventListener('message', (event: MessageEvent) => {
  // the sending tab tells whether the server answered: every tab shows the same state
  if (typeof event.data === 'object' && event.data && 'reachable' in event.data) reachable = Boolean(event.data.reachable);
  for (const listener of listeners) listener();
  // another tab queued a sale: this one may be the tab that sends
  if (event.data === 'changed') void syncQueue();
});

/** Calls `listener` whenever the queue changes, in this tab or another; answers the unsubscribe. */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The queue, oldest first. */
export async function queuedSales(): Promise<QueuedSale[]> {
  return (await allOf<QueuedSale>('queue')).sort((a, b) => a.queuedAt - b.queuedAt || a.key.localeCompare(b.key));
}

/** Puts a sale in the queue (durably, before the cashier hands over the goods) and starts sending. */
export async function enqueue(sale: Omit<QueuedSale, 'attempts' | 'queuedAt'>): Promise<void> {
  await write('queue', [{ ...sale, queuedAt: Date.now(), attempts: 0 }]);
  changed();
  void syncQueue();
}

let retry: ReturnType<typeof setTimeout> | undefined;
let failures = 0;
/** Whether the last send reached the server: the till says offline while it did not. */
let reachable = true;
export const serverReachable = () => reachable && navigator.onLine;
function setReachable(now: boolean) {
  if (now === reachable) return;
  reachable = now;
  channel?.postMessage({ reachable: now });
}

function retryLater() {
  failures += 1;
  clearTimeout(retry);
  // 1, 2, 4 … seconds, at most a minute apart
  retry = setTimeout(() => void syncQueue(), Math.min(60_000, 1000 * 2 ** Math.min(failures - 1, 6)));
}

async function sendAll(): Promise<void> {
  for (const sale of await queuedSales()) {
    if (sale.problem) continue;
    const headers = { 'Idempotency-Key': sale.key };
    const answer =
      sale.kind === 'return'
        ? await api(routes.returnSale.create, { body: sale.body as never }, { headers })
        : sale.kind === 'void'
          ? await api(routes.tillSession.void, { params: { id: sale.sessionId }, body: sale.body as never }, { headers })
          : await api(routes.sale.create, { body: sale.body as never }, { headers });
    if (answer.error === undefined) {
      // a sale posted is kept for a return at this till (a return's sale is kept already)
      if ('createdInvoice' in answer.data) void keepSaleById(answer.data.createdInvoice.id);
      await write('queue', [], [sale.key]);
      setReachable(true);
      failures = 0;
      changed();
      continue;
    }
    const later = answer.status === 0 || answer.status >= 500 || answer.status === 408 || answer.status === 429 || answer.status === 401;
    if (later) {
      if (answer.status === 0) setReachable(false);
      await write('queue', [{ ...sale, attempts: sale.attempts + 1 }]);
      changed();
      return retryLater();
    }
    setReachable(true);
    await write('queue', [{ ...sale, attempts: sale.attempts + 1, problem: answer.error }]);
    changed();
  }
}

/** Sends the queue in order, from one tab at a time (the others find the lock taken and leave it to that one). */
export async function syncQueue(): Promise<void> {
  if (!navigator.onLine) {
    reachable = false;
    return;
  }
  if (!navigator.locks) return sendAll();
  await navigator.locks.request('tillbook-till-sync', { ifAvailable: true }, async (lock) => {
    if (lock) await sendAll();
  });
}

/** A sale a manager has looked at (the product put back on sale, the customer's due settled) sent again. */
export async function retrySale(key: string): Promise<void> {
  const sale = (await queuedSales()).find((s) => s.key === key);
  if (!sale) return;
  await write('queue', [{ ...sale, problem: undefined }]);
  changed();
  void syncQueue();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    // the network is back: the server is taken as reachable until a send says otherwise
    reachable = true;
    failures = 0;
    void syncQueue();
  });
  window.addEventListener('offline', () => {
    reachable = false;
    changed();
  });
}
