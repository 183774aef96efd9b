import { customerContract, fromCents, records, toCents } from '@tillbook/contract';
import { Link } from 'react-router';
import { refTo } from '../../ui/resource/screen-from-contract.ts';

/** Where the customer and salesperson selects find their names. */
export const customerSource = refTo(customerContract);
export const staffSource = { list: records.user.list, listName: 'User', labelField: 'username' };

/** A sale's net and VAT together: what the customer is asked to pay. */
export const withVat = (net: number, vat: number) => fromCents(toCents(net) + toCents(vat));

/** A sale's invoice number, opening its page (found by its id). */
export const SaleLink = ({ id, number }: { id: number; number: number | null }) => (
  <Link to={`/admin/sale-invoice/${id}`}>{`#${number ?? '—'}`}</Link>
);
