import { type AuditLogRow, labelOf } from '@tillbook/contract';

/** What a person calls an action of the log. */
const actionNames: Record<string, string> = {
  create: 'Created',
  update: 'Changed',
  status: 'Status changed',
  delete: 'Deleted',
  void: 'Line voided',
  priceOverride: 'Price typed over',
  largeDiscount: 'Large discount',
  returnWithoutInvoice: 'Return without invoice',
  noSale: 'Drawer opened, no sale',
  signIn: 'Signed in',
};
export const actionName = (action: string) => actionNames[action] ?? labelOf(action);

/** An entity of the log as a person names it ("saleInvoice" → "Sale invoice"). */
export const entityName = (entity: string) => labelOf(entity);

/** Who made a change: the staff member or shopper by name, else the system. */
export function actorOf(row: Pick<AuditLogRow, 'actorType' | 'actorName' | 'actorId'>): string {
  if (row.actorType === 'system') return 'System';
  const name = row.actorName ?? `#${row.actorId}`;
  return row.actorType === 'customer' ? `${name} (shopper)` : name;
}

/** A value as the log shows it: empty as "—", a list joined, a status as yes or no, anything else as written. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : '—';
  if (value === 'true' || value === true) return 'yes';
  if (value === 'false' || value === false) return 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * One change as a line in the field's own label: "Sale price: 12 → 14". A create lists the values set
 * ("Sale price: 12"), a delete the values it had.
 */
export function changeText(action: string, change: AuditLogRow['changes'][number]): string {
  const label = labelOf(change.field);
  if (action === 'create') return `${label}: ${valueText(change.new)}`;
  if (action === 'delete') return `${label}: ${valueText(change.old)}`;
  // a till event's details: what it was about, one side only when the other is empty
  if (action !== 'update' && action !== 'status' && (change.old === null || change.new === null))
    return `${label}: ${valueText(change.old ?? change.new)}`;
  return `${label}: ${valueText(change.old)} → ${valueText(change.new)}`;
}
