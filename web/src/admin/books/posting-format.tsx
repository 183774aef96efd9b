import { Link } from 'react-router';
import type { Posting } from './book-types.ts';

const kinds: Record<Posting['type'], string> = {
  sale: 'Sale',
  saleReturn: 'Sale return',
  purchase: 'Purchase',
  purchaseReturn: 'Purchase return',
  vat: 'VAT',
  vatReturn: 'VAT return',
  transaction: 'Manual entry',
  adjustment: 'Stock adjustment',
  order: 'Web order',
  orderReturn: 'Web order return',
  till: 'Till session',
};
export const postingKind = (type: Posting['type']) => kinds[type] ?? type;
export const postingKinds = Object.entries(kinds).map(([value, label]) => ({ value, label }));

/** Where a posting's document opens: a sale's or a purchase's page; other postings have none here. */
export function documentHref(posting: Pick<Posting, 'type' | 'relatedId'>): string | undefined {
  if (!posting.relatedId) return undefined;
  if (posting.type === 'sale') return `/admin/sale-invoice/${posting.relatedId}`;
  if (posting.type === 'purchase') return `/admin/purchase-invoice/${posting.relatedId}`;
  return undefined;
}

/** Kinds whose documents have invoice numbers: the entry keeps the document's id, not its number (the particulars name it). */
const numbered = new Set<string>(['sale', 'saleReturn', 'purchase', 'purchaseReturn']);

/** The posting's document, as a link where it has a page. */
export function DocumentCell({ posting }: { posting: Posting }) {
  const href = documentHref(posting);
  const shown = posting.relatedId && !numbered.has(posting.type);
  const text = `${postingKind(posting.type)}${shown ? ` #${posting.relatedId}` : ''}`;
  return href ? <Link to={href}>{text}</Link> : text;
}
