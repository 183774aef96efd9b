import { documentSeries } from '@tillbook/contract';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { closedText, inSet } from './columns.ts';

/**
 * The last number given in each invoice series. A document takes its number by raising its series'
 * row (platform/document-number.ts), which locks the row until the document's transaction ends: a
 * refused document gives its number back with its rollback, and numbers are given in commit order.
 */
/** The counters of the sales journal's chains without numbers of their own (migration 0038, `seal_next`). */
const chainCounters = ['chain:order', 'chain:customerPayment'] as const;
const counters = [...documentSeries, ...chainCounters];

export const documentNumber = pgTable(
  'document_number',
  {
    series: closedText(counters).primaryKey(),
    lastNumber: integer().notNull().default(0),
  },
  (t) => [inSet('document_number_series', t.series, counters)],
);
