import { z } from 'zod';
import { out, recordOut } from '../answers.ts';
import { endpoint, listQuery } from '../endpoint.ts';
import { dateOnly, id, money, requiredText } from '../fields.ts';
import { ledgerTypes } from '../ledger.ts';
import { idListFilter } from '../list-query.ts';

/** One ledger row as the screens read it: a debit and a credit sub-account and one positive amount. */
export const transactionOut = z.object({
  ...recordOut,
  date: out.date,
  debitId: out.id,
  creditId: out.id,
  particulars: out.text,
  amount: out.money,
  type: z.enum(ledgerTypes),
  relatedId: out.optionalText,
  debit: z.object({ id: out.id, name: out.text }),
  credit: z.object({ id: out.id, name: out.text }),
});

const typeList = z
  .string()
  .transform((text) => [...new Set(text.split(','))])
  .pipe(z.array(z.enum(ledgerTypes, { error: `must be one of ${ledgerTypes.join(', ')}` })));

/** The spec's journal toasts ('Transaction Added Successfully' word for word). */
export const journalMessages = {
  added: 'Transaction Added Successfully',
  deleted: 'Transaction deleted successfully',
} as const;

/**
 * A manual journal entry: on `date`, `amount` is debited to one sub-account and credited to another
 * (two different, active accounts; an amount above zero). It is posted with type `transaction`.
 */
export const manualEntryInput = z
  .object({ date: dateOnly, particulars: requiredText(200), debitId: id, creditId: id, amount: money })
  .superRefine((entry, ctx) => {
    if (entry.amount <= 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'must be more than 0' });
    if (entry.debitId === entry.creditId)
      ctx.addIssue({ code: 'custom', path: ['creditId'], message: 'must be another account than the debit account' });
  });
export const manualEntryLabels = {
  date: 'Date',
  particulars: 'Particulars',
  debitId: 'Debit account',
  creditId: 'Credit account',
  amount: 'Amount',
} as const;

/**
 * The journal. `POST transaction` adds a manual entry. The list defaults to the current month (spec: a missing startDate or endDate is the
 * first or last day of this month) and leaves out rows a reversal has cancelled and the reversals
 * themselves. DELETE removes a manual entry (type transaction) by posting its reversal on the entry's own
 * date, so it leaves every statement of every range while the trail stays, and a payment (a customer's or a supplier's) by posting its reversal, so
 * the books keep the trail and the invoice's paid and due follow at once; other postings belong to
 * their document and are undone through it (409).
 */
export const transactionEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'transaction',
    access: 'create-transaction',
    body: manualEntryInput,
    status: 201,
    answer: z.object({ message: out.text, createdTransaction: transactionOut }),
  }),
  list: endpoint({
    method: 'GET',
    path: 'transaction',
    access: 'readAll-transaction',
    query: listQuery({
      filters: { accountId: idListFilter.optional(), type: typeList.optional(), relatedId: idListFilter.optional() },
      sortable: ['date', 'id', 'amount'],
    }),
    answer: z.object({
      getAllTransaction: z.array(transactionOut),
      totalTransaction: out.int,
      aggregations: z.object({ _count: z.object({ id: out.int }), _sum: z.object({ amount: out.money }) }),
    }),
  }),
  get: endpoint({ method: 'GET', path: 'transaction/:id', access: 'readSingle-transaction', answer: transactionOut }),
  delete: endpoint({
    method: 'DELETE',
    path: 'transaction/:id',
    access: 'delete-transaction',
    answer: z.object({ message: out.text, id: out.id }),
  }),
};
