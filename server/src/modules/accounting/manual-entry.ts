import { journalMessages, manualEntryLabels, toCents } from '@tillbook/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { subAccount, transaction } from '../../schema/index.ts';
import { readEntry } from './journal-read.ts';
import { post } from './post.ts';

export interface ManualEntry {
  date: string;
  particulars: string;
  debitId: number;
  creditId: number;
  amount: number;
}

/**
 * POST transaction: a manual journal entry (type `transaction`). Both accounts must exist (400) and be
 * shown, not hidden (409). They are read `for share`, so hiding one waits for the entry and the entry
 * never lands on an account hidden meanwhile.
 */
export async function addManualEntry(tx: DbOrTx, entry: ManualEntry) {
  const accounts = await tx
    .select({ id: subAccount.id, name: subAccount.name, status: subAccount.status })
    .from(subAccount)
    .where(inArray(subAccount.id, [entry.debitId, entry.creditId]))
    .for('share');
  for (const field of ['debitId', 'creditId'] as const) {
    const found = accounts.find((a) => a.id === entry[field]);
    if (!found) throw fieldError(field, 'does not exist', manualEntryLabels);
    if (!found.status) throw conflict(`${found.name} is hidden; show it before posting to it`, { [field]: 'is hidden' });
  }
  const [id] = await post(tx, [
    {
      date: entry.date,
      debit: { subAccountId: entry.debitId },
      credit: { subAccountId: entry.creditId },
      amount: toCents(entry.amount),
      particulars: entry.particulars,
      type: 'transaction',
    },
  ]);
  return { message: journalMessages.added, createdTransaction: (await readEntry(tx, id!))! };
}

/** The entry's type, if it exists: the journal's delete goes to the manual entry's or the payment's. */
export async function entryType(tx: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await tx.select({ type: transaction.type }).from(transaction).where(eq(transaction.id, id));
  return row?.type;
}

/**
 * DELETE transaction/{id} of a manual entry: posts its reversal dated on the entry's own day, so the
 * entry leaves every statement of every range and the journal, while the ledger keeps the trail. The
 * entry's row is locked first, so two deletes take turns and the second finds it reversed (409). A
 * reversal cannot be deleted itself.
 */
export async function deleteManualEntry(tx: DbOrTx, id: number) {
  const [entry] = await rawRows<{ date: string; debit_id: number; credit_id: number; amount: string; reverses_id: number | null }>(
    tx,
    sql`select to_char(date, 'YYYY-MM-DD') as date, debit_id, credit_id, amount::text as amount, reverses_id
      from "transaction" where id = ${id} and type = 'transaction' for update`,
  );
  if (!entry) throw notFound(`Transaction ${id}`);
  if (entry.reverses_id !== null)
    throw conflict(`Transaction ${id} is the reversal of a deleted entry; it cannot be deleted`, { id: 'is a reversal' });
  const [reversed] = await rawRows<{ id: number }>(tx, sql`select id from "transaction" where reverses_id = ${id}`);
  if (reversed) throw conflict(`Transaction ${id} is already deleted`, { id: 'is already deleted' });
  await post(tx, [
    {
      date: entry.date,
      debit: { subAccountId: entry.credit_id },
      credit: { subAccountId: entry.debit_id },
      amount: toCents(entry.amount),
      particulars: `Transaction #${id} deleted: reversal`,
      type: 'transaction',
      reversesId: id,
    },
  ]);
  return { message: journalMessages.deleted, id };
}
