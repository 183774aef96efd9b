import { customerContract, fromCents, records, toCents } from '@tillbook/contract';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { refTo } from '../../ui/resource/screen-from-contract.ts';

/** Where the customer and salesperson selects find their names. */
export const customerSource = refTo(customerContract);
export const staffSource = { list: records.user.list, listName: 'User', labelField: 'username' };

/** A sale's net and VAT together: what the customer is asked to pay. */
export const withVat = (net: number, vat: number) => fromCents(toCents(net) + toCents(vat));

/** A sale's number, opening its page. */
export const SaleLink = ({ id }: { id: number }) => <Link to={`/admin/sale-invoice/${id}`}>{`#${id}`}</Link>;

export const saleStateTag = (state: string) =>
  state === 'completed' ? <Tag color="green">Completed</Tag> : state === 'deleted' ? <Tag>Undone</Tag> : <Tag>{state}</Tag>;

export const paidTag = (due: number) => (due > 0 ? <Tag color="orange">UNPAID</Tag> : <Tag color="green">PAID</Tag>);
