import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conflict, fieldError } from '../../platform/errors.ts';
import { executePrepared } from '../../platform/prepared.ts';

/** The open session a till document (a sale, a return) belongs to: its drawer's account and the methods the till takes. */
export interface DocumentSession {
  id: number;
  tillName: string;
  /** The till's cash sub-account: the session's cash goes in and out of it instead of the safe's. */
  drawer: number;
  /** The payment methods the till takes; empty: every method offered at the till. */
  paymentMethodIds: number[];
  /** A queued sale arriving after the session closed, made while it was open (issue 33). */
  late: boolean;
}

/**
 * The session a document names, share-locked until the document commits: a close (which takes it `for update
 * nowait`) is refused while documents are in flight, and a document arriving after the close finds it closed
 * (409 naming it), so nothing slips into the next session's figures.
 */
export async function sessionOfDocument(tx: DbOrTx, sessionId: number, field = 'tillSessionId'): Promise<DocumentSession> {
  const [row] = await executePrepared<{ session: LookedUpSession | null }>(tx, sql`select ${sessionLookup(sessionId)} as session`);
  return openSessionOf(row?.session ?? null, sessionId, field);
}

/** A session as {@link sessionLookup} reads it. */
export interface LookedUpSession {
  state: string;
  name: string;
  drawer: number;
  methods: number[] | null;
  /** When it closed (ISO), null while open. */
  closedAt: string | null;
}

/**
 * The session's row with its till's, share-locked, as one JSON value (null when there is none): a sub-select a
 * document's own lookup takes in (the sale's: one statement for all it reads), or {@link sessionOfDocument} alone.
 * `queued`: a sale from a till's queue (issue 33), which may arrive after the close and then rewrites the session's
 * Z: its row is taken for that write from the start (a till's queue posts one sale at a time, so nothing waits).
 */
export const sessionLookup = (sessionId: number, queued = false) =>
  sql`(select json_build_object('state', s.state, 'name', t.name, 'drawer', t.sub_account_id, 'methods', t.payment_method_ids,
      'closedAt', s.closed_at)
    from till_session s join till t on t.id = s.till_id where s.id = ${sessionId}::int ${sql.raw(queued ? 'for no key update of s' : 'for share of s')})`;

/**
 * The open session a lookup found, or the refusal: 400 when there is none, 409 naming it when it is closed. A sale
 * the till made while it was open (`soldAt` before the close, issue 33) is taken into the closed session, `late`.
 */
export function openSessionOf(
  row: LookedUpSession | null,
  sessionId: number,
  field = 'tillSessionId',
  soldAt?: string | null,
): DocumentSession {
  if (!row) throw fieldError(field, 'does not exist');
  const late = row.state !== 'OPEN' && soldAt != null && row.closedAt !== null && Date.parse(soldAt) < Date.parse(row.closedAt);
  if (row.state !== 'OPEN' && !late)
    throw conflict(`Till session ${sessionId} of ${row.name} is closed; open the till again`, {
      [field]: `session ${sessionId} is closed`,
    });
  return { id: sessionId, tillName: row.name, drawer: Number(row.drawer), paymentMethodIds: (row.methods ?? []).map(Number), late };
}

/** Refuses a tender the till does not take (when the till lists its methods). */
export function refuseUntaken(session: DocumentSession, tenders: readonly { index: number; paymentType: number }[], field = 'paidAmount') {
  if (!session.paymentMethodIds.length) return;
  const untaken = tenders.find((t) => !session.paymentMethodIds.includes(t.paymentType));
  if (untaken) throw fieldError(`${field}.${untaken.index}.paymentType`, `is not taken at ${session.tillName}`);
}

/** The account a tender lands in within a session: cash goes to the till's drawer, other methods to their own account. */
export const tenderAccount = (session: DocumentSession | null, tender: { cash: boolean; subAccountId: number }) =>
  session && tender.cash ? session.drawer : tender.subAccountId;
