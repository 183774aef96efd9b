import { z } from 'zod';
import { out } from '../answers.ts';
import { endpoint, listQuery } from '../endpoint.ts';
import { ledgerTypes } from '../ledger.ts';
import { idListFilter } from '../list-query.ts';

/** One ledger row as the screens read it: a debit and a credit sub-account and one positive amount. */
export const transactionOut = z.object({
  id: out.id,
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

/**
 * The journal. The list defaults to the current month (spec: a missing startDate or endDate is the
 * first or last day of this month) and leaves out rows a reversal has cancelled and the reversals
 * themselves. DELETE removes a payment (a customer's or a supplier's) by posting its reversal, so
 * the books keep the trail and the invoice's paid and due follow at once; other postings belong to
 * their document and are undone through it (409).
 */
export const transactionEndpoints = {
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
