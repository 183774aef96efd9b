import type { OutboxState } from '@tillbook/contract';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { conventionWhere, type ListQuery, whereAll } from '../../platform/list-query.ts';
import { paged } from '../../platform/queries.ts';
import { outbox } from '../../schema/index.ts';

/** The list's columns: never the bodies nor the attachments' bytes (only how many there are). */
const listColumns = {
  id: outbox.id,
  kind: outbox.kind,
  state: outbox.state,
  subject: outbox.subject,
  to: outbox.to,
  emailConfigName: outbox.emailConfigName,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  nextAttemptAt: outbox.nextAttemptAt,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
  serverAnswer: outbox.serverAnswer,
  attachmentCount: sql<number>`jsonb_array_length(${outbox.attachments})`.mapWith(Number),
};

/** GET outbox?state=&page=&count=&key=&startDate=&endDate=: newest first. */
export async function listOutbox(db: DbOrTx, q: ListQuery<{ state?: OutboxState }>) {
  const conditions: (SQL | undefined)[] = conventionWhere(q, { search: [outbox.subject, outbox.to], date: outbox.createdAt });
  if (q.filters.state) conditions.push(eq(outbox.state, q.filters.state));
  const where = whereAll(conditions);
  const select = db.select(listColumns).from(outbox).where(where).orderBy(desc(outbox.createdAt), desc(outbox.id)).$dynamic();
  const [rows, [total]] = await Promise.all([paged(select, q), db.select({ n: count() }).from(outbox).where(where)]);
  return { getAllOutbox: rows, totalOutbox: total?.n ?? 0 };
}

export async function readOutboxMail(db: DbOrTx, id: number) {
  const [row] = await db.select(listColumns).from(outbox).where(eq(outbox.id, id));
  if (!row) throw notFound('Mail');
  return row;
}

/** POST outbox/:id/retry: a failed mail is queued again for now (one more try); 409 for any other state. */
export async function retryMail(db: DbOrTx, id: number) {
  const [row] = await db
    .update(outbox)
    .set({ state: 'queued', nextAttemptAt: sql`now()` })
    .where(and(eq(outbox.id, id), eq(outbox.state, 'failed')))
    .returning({ id: outbox.id });
  if (!row) {
    const mail = await readOutboxMail(db, id);
    throw conflict(`Only a failed mail can be tried again; this one is ${mail.state}`, { state: `is ${mail.state}` });
  }
  return readOutboxMail(db, id);
}
