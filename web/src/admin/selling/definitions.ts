import { customerContract, messages, sellingMessages } from '@tillbook/contract';
import { createElement } from 'react';
import type { FieldDef } from '../../ui/resource/fields.ts';
import { screenFromContract } from '../../ui/resource/screen-from-contract.ts';
import { StatementLink } from './StatementLink.tsx';

/** Customers as staff see them: the till's buyers (statements come with the customer's page). */
export const customerScreen = screenFromContract(customerContract, {
  title: 'Customers',
  fields: [
    { name: 'username', label: 'Username', type: 'text', required: true },
    { name: 'firstName', label: 'First name', type: 'text' },
    { name: 'lastName', label: 'Last name', type: 'text' },
    { name: 'email', label: 'E-mail', type: 'email' },
    { name: 'phone', label: 'Phone', type: 'text' },
    { name: 'address', label: 'Address', type: 'textarea' },
  ] satisfies FieldDef[],
  columns: ['username', 'firstName', 'lastName', 'email', 'phone'],
  messages: { updated: messages.updated, hidden: sellingMessages.customerDeleted },
  rowActions: (row) => createElement(StatementLink, { id: row.id }),
});
