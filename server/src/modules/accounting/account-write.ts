import { accountMessages, subAccountLabels } from '@tillbook/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conflict, duplicate, fieldError, notFound } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { account, subAccount } from '../../schema/index.ts';
import { postedSql, readSubAccount } from './account-read.ts';

/**
 * Sub-account names are unique whatever their case; the database's constraint is case-sensitive, so
 * writers take turns (a transaction-scoped advisory lock) and 'Rent' and 'rent' cannot both pass.
 */
async function assertNameFree(tx: DbOrTx, name: string, exceptId?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('unique:sub_account'))`);
  const [clash] = await tx
    .select({ id: subAccount.id })
    .from(subAccount)
    .where(and(eq(sql`lower(${subAccount.name})`, name.toLowerCase()), exceptId === undefined ? undefined : ne(subAccount.id, exceptId)))
    .limit(1);
  if (clash) throw duplicate('Account', 'name', subAccountLabels);
}

async function assertMainAccount(tx: DbOrTx, accountId: number) {
  const [main] = await tx.select({ id: account.id }).from(account).where(eq(account.id, accountId));
  if (!main) throw fieldError('accountId', 'does not exist', subAccountLabels);
}

/**
 * The sub-account's row, locked `for update`. That lock conflicts with the key-share lock a posting's
 * foreign-key check takes on the account, so a posting and a move or delete of its account take turns:
 * whichever comes second sees the other's work (the posting, or the account gone).
 */
async function lockSubAccount(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(subAccount).where(eq(subAccount.id, id)).for('update');
  if (!row) throw notFound(`Account ${id}`);
  return row;
}

async function isPosted(tx: DbOrTx, id: number): Promise<boolean> {
  const [row] = await rawRows<{ posted: boolean }>(tx, sql`select ${postedSql(id)} as posted`);
  return row!.posted === true;
}

/** Payment methods and courier mediums whose money lands in the account (only active ones if asked). */
async function usersOf(tx: DbOrTx, id: number, activeOnly: boolean): Promise<string[]> {
  const rows = await rawRows<{ what: string }>(
    tx,
    sql`select 'payment method ' || method_name as what from payment_method
        where sub_account_id = ${id} and (not ${activeOnly} or (status and is_active = 'true'))
      union all
      select 'courier medium ' || courier_medium_name from courier_medium
        where sub_account_id = ${id} and (not ${activeOnly} or status)
      order by 1`,
  );
  return rows.map((r) => r.what);
}

const readBack = async (tx: DbOrTx, id: number, message: string) => ({ ...(await readSubAccount(tx, id))!, message });

/** POST account {name, accountId}: a new sub-account under a main account. */
export async function createSubAccount(tx: DbOrTx, body: { name: string; accountId: number }) {
  await assertMainAccount(tx, body.accountId);
  await assertNameFree(tx, body.name);
  const [made] = await tx.insert(subAccount).values({ name: body.name, accountId: body.accountId }).returning({ id: subAccount.id });
  return readBack(tx, made!.id, accountMessages.added);
}

/**
 * PUT account/{id} {name?, accountId?}: renames or moves a sub-account. A system account (one business
 * code posts to) can be neither; an account with postings can be renamed but not moved, since its
 * postings would change statement lines with it.
 */
export async function updateSubAccount(tx: DbOrTx, id: number, body: { name?: string; accountId?: number }) {
  const current = await lockSubAccount(tx, id);
  const renamed = body.name !== undefined && body.name !== current.name;
  const moved = body.accountId !== undefined && body.accountId !== current.accountId;
  if (current.systemKey && (renamed || moved))
    throw conflict(`${current.name} is a system account; it cannot be renamed or moved`, {
      [renamed ? 'name' : 'accountId']: 'is fixed for a system account',
    });
  if (moved) {
    await assertMainAccount(tx, body.accountId!);
    if (await isPosted(tx, id))
      throw conflict(`${current.name} has postings; it cannot be moved to another main account`, { accountId: 'has postings' });
  }
  if (renamed) await assertNameFree(tx, body.name!, id);
  if (renamed || moved) await tx.update(subAccount).set({ name: body.name, accountId: body.accountId }).where(eq(subAccount.id, id));
  return readBack(tx, id, accountMessages.updated);
}

/**
 * PATCH account/{id} {status}: hides or shows a sub-account. Hidden accounts take no manual entries.
 * A system account cannot be hidden, nor one an active payment method or courier medium uses.
 */
export async function setSubAccountStatus(tx: DbOrTx, id: number, status: 'true' | 'false') {
  const current = await lockSubAccount(tx, id);
  const show = status === 'true';
  if (!show) {
    if (current.systemKey) throw conflict(`${current.name} is a system account; it cannot be hidden`, { status: 'is a system account' });
    const users = await usersOf(tx, id, true);
    if (users.length)
      throw conflict(`${current.name} is used by ${users.join(', ')}; it cannot be hidden`, { status: `is used by ${users[0]}` });
  }
  if (current.status !== show) await tx.update(subAccount).set({ status: show }).where(eq(subAccount.id, id));
  return readBack(tx, id, accountMessages.updated);
}

/**
 * DELETE account/{id}: removes a sub-account for good, as long as nothing names it: no posting, no
 * payment method or courier medium, and not a system account (409 otherwise).
 */
export async function deleteSubAccount(tx: DbOrTx, id: number) {
  const current = await lockSubAccount(tx, id);
  if (current.systemKey) throw conflict(`${current.name} is a system account; it cannot be deleted`, { id: 'is a system account' });
  if (await isPosted(tx, id)) throw conflict(`${current.name} has postings; it cannot be deleted (hide it instead)`, { id: 'has postings' });
  const users = await usersOf(tx, id, false);
  if (users.length) throw conflict(`${current.name} is used by ${users.join(', ')}; it cannot be deleted`, { id: `is used by ${users[0]}` });
  await tx.delete(subAccount).where(eq(subAccount.id, id));
  return { message: accountMessages.deleted, id };
}
