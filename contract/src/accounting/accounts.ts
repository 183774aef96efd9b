import { z } from 'zod';
import { out, recordOut } from '../answers.ts';
import { endpoint, listQuery } from '../endpoint.ts';
import { dateOnly, id, requiredText } from '../fields.ts';
import { accountTypes } from '../ledger.ts';
import { idListFilter } from '../list-query.ts';
import { statusText } from '../status.ts';
import { balanceSheetOut, incomeStatementOut, trialBalanceOut } from './statements.ts';
import { transactionOut } from './transactions.ts';

/** The spec's account toasts, word for word. */
export const accountMessages = {
  added: 'Account added successfully',
  updated: 'Account updated successfully',
  deleted: 'Account deleted successfully',
} as const;

/** A main ("head") account: one per type. */
export const mainAccountOut = z.object({ id: out.id, name: out.text, type: z.enum(accountTypes) });

/**
 * A sub-account: a ledger account the books post to, under one main account. `systemKey` names the
 * accounts business code posts to (Cash, Sales, Tax ...): those can be neither renamed, moved, hidden
 * nor deleted. `posted` says whether any entry names it (then it can no longer be deleted or moved).
 */
export const subAccountOut = z.object({
  ...recordOut,
  name: out.text,
  accountId: out.id,
  systemKey: out.optionalText,
  account: mainAccountOut,
  posted: statusText,
});

export const subAccountInput = z.object({ name: requiredText(80), accountId: id });
export const subAccountUpdate = subAccountInput.partial();
export const subAccountLabels = { name: 'Name', accountId: 'Main account' } as const;

/** `GET account/{id}`: the sub-account, its postings in the range (newest first) and its balance. */
export const accountDetailOut = subAccountOut.extend({
  startDate: out.optionalText,
  endDate: out.date,
  /** Entries with this account on the debit side, in the range (at most 500, newest first). */
  debit: z.array(transactionOut),
  /** Entries with this account on the credit side, in the range (at most 500, newest first). */
  credit: z.array(transactionOut),
  /** Sums over every entry in the range, not only the rows listed. */
  totalDebit: out.money,
  totalCredit: out.money,
  /** totalDebit − totalCredit over the range. */
  balance: out.money,
  /** Debit − credit of every entry before startDate (0 without one). */
  openingBalance: out.money,
  /** openingBalance + balance: the account's balance at endDate. */
  closingBalance: out.money,
  /** 'true' when the range holds more entries than listed. */
  truncated: statusText,
});

export const subAccountListOut = z.object({ getAllSubAccount: z.array(subAccountOut), totalSubAccount: out.int });

/**
 * `GET account?...`, one path with the reference's modes:
 * - `query=ma`: the main accounts (an array);
 * - `type=sa` with `query=all`, `query=search&key=` or filters (accountId, status, page, count, sort):
 *   `{getAllSubAccount, totalSubAccount}`;
 * - `query=tb|bs|is` with `startDate`/`endDate`: the statements of `statements.ts`.
 */
export const accountListAnswer = z.union([
  z.array(mainAccountOut),
  subAccountListOut,
  trialBalanceOut,
  balanceSheetOut,
  incomeStatementOut,
]);

export const accountEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'account',
    access: 'readAll-account',
    query: listQuery({
      modes: ['ma', 'tb', 'bs', 'is'],
      filters: { type: z.enum(['sa'], { error: 'must be sa' }).optional(), accountId: idListFilter.optional() },
      sortable: ['name', 'id', 'accountId'],
    }),
    answer: accountListAnswer,
  }),
  get: endpoint({
    method: 'GET',
    path: 'account/:id',
    access: 'readSingle-account',
    query: z.object({ startDate: dateOnly.optional(), endDate: dateOnly.optional() }),
    answer: accountDetailOut,
  }),
  create: endpoint({
    method: 'POST',
    path: 'account',
    access: 'create-account',
    body: subAccountInput,
    status: 201,
    answer: subAccountOut.extend({ message: out.text }),
  }),
  update: endpoint({
    method: 'PUT',
    path: 'account/:id',
    access: 'update-account',
    body: subAccountUpdate,
    answer: subAccountOut.extend({ message: out.text }),
  }),
  status: endpoint({
    method: 'PATCH',
    path: 'account/:id',
    access: 'update-account',
    body: z.object({ status: statusText }),
    answer: subAccountOut.extend({ message: out.text }),
  }),
  delete: endpoint({
    method: 'DELETE',
    path: 'account/:id',
    access: 'delete-account',
    answer: z.object({ message: out.text, id: out.id }),
  }),
};
