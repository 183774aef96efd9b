import { resources as r, receiptSizes } from '@tillbook/contract';
import { defaultMessages } from '../../ui/resource/fields.ts';
import { refTo, screenFromContract } from '../../ui/resource/screen-from-contract.ts';

const currency = defaultMessages(r.currency.label);

/** Settings lists: currencies, print page sizes and the terms printed on documents. */
export const settingsScreens = {
  till: screenFromContract(r.till, {
    title: 'Tills',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      // none chosen: every method offered at the till
      { name: 'paymentMethodIds', label: 'Payment methods', type: 'refs', ...refTo(r.paymentMethod) },
      {
        name: 'receiptSize',
        label: 'Receipt size',
        type: 'enum',
        options: receiptSizes.map((value) => ({ value, label: value })),
        initial: '80mm',
        required: true,
      },
    ],
    columns: ['name', 'paymentMethodIds', 'receiptSize'],
  }),
  currency: screenFromContract(r.currency, {
    title: 'Currencies',
    fields: [
      { name: 'currencyName', label: 'Name', type: 'text', required: true },
      { name: 'currencySymbol', label: 'Symbol', type: 'text', required: true },
    ],
    // spec: hiding a currency says it was deleted; an update reloads page 1, count 10
    messages: { hidden: currency.deleted },
    firstPageAfterUpdate: true,
  }),
  pageSize: screenFromContract(r.pageSize, {
    title: 'Page sizes',
    fields: [
      { name: 'pageSizeName', label: 'Name', type: 'text', required: true },
      { name: 'width', label: 'Width', type: 'number', min: 0.01, max: 10_000, step: 0.01, required: true },
      { name: 'height', label: 'Height', type: 'number', min: 0.01, max: 10_000, step: 0.01, required: true },
      {
        name: 'unit',
        label: 'Unit',
        type: 'enum',
        options: [
          { value: 'inches', label: 'inches' },
          { value: 'mm', label: 'mm' },
          { value: 'cm', label: 'cm' },
        ],
        initial: 'inches',
        required: true,
      },
    ],
    // spec: a page-size add or update reloads status true, page 1, count 10
    reloadWith: { create: { page: 1, count: 10, status: 'true' }, update: { page: 1, count: 10, status: 'true' } },
  }),
  termsAndCondition: screenFromContract(r.termsAndCondition, {
    title: 'Terms and conditions',
    fields: [
      { name: 'title', label: 'Title', type: 'text', required: true },
      { name: 'subject', label: 'Text', type: 'textarea', required: true },
    ],
  }),
};
