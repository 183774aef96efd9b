import { type JournalVerification, type SealedSeries, sealedSeries, sealedSeriesLabels } from '@tillbook/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';

type Chain = JournalVerification['chains'][number];
type Broken = NonNullable<Chain['firstBroken']>;

const batch = 1000;

/** The documents of a series that should be sealed, in its order: any past the last seal was never sealed. */
const unsealedAfter: Partial<Record<SealedSeries, (last: number) => SQL>> = {
  // a sale still queued for its seal (sealed just after its commit) is not one, nor one the sealer sealed since the walk
  sale: (last) => sql`select number as position, id from sale_invoice s where number > ${last}
    and not exists (select 1 from seal_queue q where q.series = 'sale' and q.document_id = s.id)
    and not exists (select 1 from document_seal d where d.series = 'sale' and d.document_id = s.id) order by number limit 1`,
  saleReturn: (last) => sql`select number as position, id from return_sale_invoice where number > ${last} order by number limit 1`,
  // a web order still queued for its seal (sealed just after its commit) is not one
  order: (last) => sql`select ${last + 1} as position, o.id from cart_order o
    where not exists (select 1 from document_seal s where s.series = 'order' and s.document_id = o.id)
      and not exists (select 1 from seal_queue q where q.series = 'order' and q.document_id = o.id) order by o.id limit 1`,
};

/** The document at a position of a numbered series, for a seal that is missing. */
const documentAt = async (db: DbOrTx, series: SealedSeries, position: number, next: number): Promise<number> => {
  const table = series === 'sale' ? sql`sale_invoice` : series === 'saleReturn' ? sql`return_sale_invoice` : null;
  if (!table) return next;
  const [row] = await rawRows<{ id: number }>(db, sql`select id from ${table} where number = ${position}`);
  return row ? Number(row.id) : next;
};

const nameOf = (series: SealedSeries, position: number) =>
  series === 'sale'
    ? `Sale #${position}`
    : series === 'saleReturn'
      ? `Return #${position}`
      : `${sealedSeriesLabels[series].replace(/s$/, '')} ${position} of its chain`;

/**
 * Walks one chain in order, a batch of seals at a time: each seal's hash is computed again by the database from
 * the document as it is now (`seal_content`, the function that sealed it) and the previous seal's hash. Stops at
 * the first document that no longer matches.
 */
async function verifyChain(db: DbOrTx, series: SealedSeries): Promise<Chain> {
  let after = 0;
  let documents = 0;
  for (;;) {
    const rows = await rawRows<{ position: number; document_id: number; holds: boolean }>(
      db,
      sql`select s.position, s.document_id, s.hash = encode(sha256(convert_to(concat_ws('|', s.series, s.position, coalesce(p.hash, ''),
          seal_digest(s.series, s.document_id, s.ledger_upto)), 'UTF8')), 'hex')
          -- a numbered document's number is its place in the chain
          and case s.series when 'sale' then (select number from sale_invoice where id = s.document_id)
            when 'saleReturn' then (select number from return_sale_invoice where id = s.document_id) else s.position end
            is not distinct from s.position as holds
        from document_seal s left join document_seal p on p.series = s.series and p.position = s.position - 1
        where s.series = ${series} and s.position > ${after} order by s.position limit ${batch}`,
    );
    for (const row of rows) {
      const position = Number(row.position);
      const documentId = Number(row.document_id);
      if (position !== after + 1) {
        const missing = after + 1;
        return broken(series, documents, {
          position: missing,
          documentId: await documentAt(db, series, missing, documentId),
          reason: 'sealMissing',
          message: `${nameOf(series, missing)}: its seal is missing, so the chain cannot be followed from there`,
        });
      }
      if (!row.holds)
        return broken(series, documents, {
          position,
          documentId,
          reason: 'changed',
          message: `${nameOf(series, position)} no longer matches its seal: it, or its seal, was changed after it was posted`,
        });
      documents += 1;
      after = position;
    }
    if (rows.length < batch) break;
  }
  const unsealed = unsealedAfter[series];
  const [left] = unsealed ? await rawRows<{ position: number; id: number }>(db, unsealed(after)) : [];
  if (left)
    return broken(series, documents, {
      position: Number(left.position),
      documentId: Number(left.id),
      reason: 'unsealed',
      message: `${nameOf(series, Number(left.position))} was posted without a seal`,
    });
  return { series, documents };
}

const broken = (series: SealedSeries, documents: number, firstBroken: Broken): Chain => ({ series, documents, firstBroken });

/** GET audit-log/verify and `npm run verify-books`: every chain, each with its first broken document. */
export async function verifyJournal(db: DbOrTx): Promise<JournalVerification> {
  const chains: Chain[] = [];
  for (const series of sealedSeries) chains.push(await verifyChain(db, series));
  return { ok: chains.every((c) => !c.firstBroken), chains };
}

/** The verification as lines of text, for the command line. */
export function describeVerification(result: JournalVerification): string {
  const lines = result.chains.map((c) =>
    c.firstBroken
      ? `${sealedSeriesLabels[c.series]}: BROKEN after ${c.documents} documents. ${c.firstBroken.message} (id ${c.firstBroken.documentId})`
      : `${sealedSeriesLabels[c.series]}: ${c.documents} documents, the chain holds`,
  );
  return [...lines, result.ok ? 'The books verify: no sealed document was changed.' : 'The books do NOT verify.'].join('\n');
}
