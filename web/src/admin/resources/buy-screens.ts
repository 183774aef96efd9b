import { messages, resources as r } from '@tillbook/contract';
import { screenFromContract } from '../../ui/resource/screen-from-contract.ts';

/** Buying: the suppliers the shop buys from. */
export const buyScreens = {
  supplier: screenFromContract(r.supplier, {
    title: 'Suppliers',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'phone', label: 'Phone', type: 'text', required: true },
      { name: 'email', label: 'E-mail', type: 'email' },
      { name: 'address', label: 'Address', type: 'textarea' },
    ],
    columns: ['name', 'phone', 'email', 'address'],
    messages: { created: messages.supplierAdded },
  }),
};
